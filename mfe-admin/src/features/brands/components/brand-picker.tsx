import { Button, Card, LoadingStatus, Notice } from '@shop/ui';
import { Link } from 'react-router-dom';
import type { StaffRole } from '../../../lib/admin-contract';
import { apiErrorOf } from '../../../lib/api-error';
import { useAdminGetBrandsQuery } from '../../../lib/staff-api';

const ROLE_TEXT: Record<StaffRole, string> = { manager: 'Manager: can change', viewer: 'Viewer: read only' };

/** The brands this staff member has a role for, and only those. */
export function BrandPicker({ roles }: { roles: Record<string, StaffRole> }) {
  const { data, error, isLoading, refetch } = useAdminGetBrandsQuery();
  if (isLoading) return <LoadingStatus label="Loading your brands" />;
  if (error || !data)
    return (
      <Notice tone="error" as="div" role="alert">
        Your brands could not be loaded: {apiErrorOf(error).message}{' '}
        <Button variant="link" onClick={() => void refetch()}>
          Try again
        </Button>
      </Notice>
    );
  // The session's roles are the last word: a brand it does not name is never offered.
  const brands = data.brands.filter((brand) => roles[brand.id]);
  if (brands.length === 0) return <Notice>You have no role for any brand. Ask an administrator for one.</Notice>;
  return (
    <ul className="admin-brands" aria-label="Your brands">
      {brands.map((brand) => (
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
