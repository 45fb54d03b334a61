import { Card, Notice } from '@shop/ui';
import { Link } from 'react-router-dom';
import { QueryFrame } from '../../../components/query-frame';
import type { BrandsResponse, StaffRole } from '../../../lib/admin-contract';
import { useAdminGetBrandsQuery } from '../../../lib/staff-api';

const ROLE_TEXT: Record<StaffRole, string> = { manager: 'Manager: can change', viewer: 'Viewer: read only' };

/** The brands this staff member has a role for, and only those. */
export function BrandPicker({ roles }: { roles: Record<string, StaffRole> }) {
  const brands = useAdminGetBrandsQuery();
  return (
    <QueryFrame query={brands} loading="Loading your brands" failure="Your brands could not be loaded" hideDataOnError>
      {(data) => <BrandList brands={data.brands} roles={roles} />}
    </QueryFrame>
  );
}

function BrandList({ brands, roles }: { brands: BrandsResponse['brands']; roles: Record<string, StaffRole> }) {
  // The session's roles are the last word: a brand it does not name is never offered.
  const offered = brands.filter((brand) => roles[brand.id]);
  if (offered.length === 0) return <Notice>You have no role for any brand. Ask an administrator for one.</Notice>;
  return (
    <ul className="admin-brands" aria-label="Your brands">
      {offered.map((brand) => (
        <Card as="li" look="outlined" key={brand.id}>
          <Link to={`/admin/brands/${encodeURIComponent(brand.id)}/flags`} className="admin-brands__link">
            {brand.name ?? brand.id}
          </Link>
          <span className="admin-brands__role">{ROLE_TEXT[roles[brand.id]]}</span>
        </Card>
      ))}
    </ul>
  );
}
