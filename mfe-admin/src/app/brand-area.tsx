import { Notice } from '@shop/ui';
import { Link } from 'react-router-dom';
import { AuditPage } from '../features/flags/components/audit-page';
import { FlagsPage } from '../features/flags/components/flags-page';
import { PreviewPage } from '../features/preview/components/preview-page';
import { RemotesPage } from '../features/remotes/components/remotes-page';
import type { StaffRole } from '../lib/admin-contract';
import { SECTIONS, type SectionId, sectionPath } from './admin-location';

interface Props {
  brand: string;
  name: string;
  section: SectionId;
  role: StaffRole;
}

/** One brand: its sections, and the section the address names, read-only for a viewer. */
export function BrandArea({ brand, name, section, role }: Props) {
  const canChange = role === 'manager';
  return (
    <>
      <nav aria-label={`${name} admin`} className="admin-sections">
        <ul>
          {SECTIONS.map((item) => (
            <li key={item.id}>
              <Link to={sectionPath(brand, item.id)} aria-current={item.id === section ? 'page' : undefined}>
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {!canChange && (
        <Notice className="admin-viewer">
          You are a viewer for {name}: you can see everything here, and change nothing.
        </Notice>
      )}
      {section === 'flags' && <FlagsPage brand={brand} canChange={canChange} />}
      {section === 'audit' && <AuditPage brand={brand} canChange={canChange} />}
      {section === 'preview' && <PreviewPage brand={brand} canChange={canChange} />}
      {section === 'remotes' && <RemotesPage brand={brand} canChange={canChange} />}
    </>
  );
}
