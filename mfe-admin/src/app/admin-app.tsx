import { Button, Notice, PageShell } from '@shop/ui';
import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { QueryFrame } from '../components/query-frame';
import { ResultRegion, useReportResult } from '../components/result-region';
import { BrandPicker } from '../features/brands/components/brand-picker';
import { SignInForm } from '../features/sign-in/components/sign-in-form';
import type { StaffSession } from '../lib/admin-contract';
import { useAdminGetBrandsQuery, useAdminSignOutMutation } from '../lib/staff-api';
import { staffErrorOf } from '../lib/staff-error';
import { useAdminGetSessionQuery } from '../lib/staff-session-api';
import { useNoindex } from '../lib/use-noindex';
import { type AdminView, SECTIONS, adminView } from './admin-location';
import { BrandArea } from './brand-area';
import './admin.css';

/** Every /admin page: the staff session decides between the sign-in and the view the address names. */
export default function AdminApp({ page }: { page: string }) {
  useNoindex();
  const view = adminView(useLocation().pathname);
  const session = useAdminGetSessionQuery();
  const staff = session.data ?? undefined;
  const brands = useAdminGetBrandsQuery(undefined, { skip: !staff });
  const brandName = (id: string) => brands.data?.brands.find((brand) => brand.id === id)?.name ?? id;

  let title = 'Admin';
  if (session.data === null) title = 'Staff sign-in';
  else if (staff) title = titleOf(view, brandName);

  return (
    <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page={page} title={title}>
      <div className="admin">
        <ResultRegion>
          <QueryFrame
            query={session}
            loading="Checking your staff session"
            failure="The admin could not check your session"
            hideDataOnError
          >
            {(staffSession) =>
              staffSession ? (
                <StaffFrame session={staffSession}>
                  <ViewOf view={view} session={staffSession} brandName={brandName} />
                </StaffFrame>
              ) : (
                <SignInForm />
              )
            }
          </QueryFrame>
        </ResultRegion>
      </div>
    </PageShell>
  );
}

function titleOf(view: AdminView, brandName: (id: string) => string): string {
  if (view.kind === 'brands') return 'Brands';
  if (view.kind === 'not-found') return 'Not found';
  const section = SECTIONS.find((candidate) => candidate.id === view.section)?.label ?? '';
  return `${section}: ${brandName(view.brand)}`;
}

function ViewOf({
  view,
  session,
  brandName,
}: {
  view: AdminView;
  session: StaffSession;
  brandName: (id: string) => string;
}) {
  if (view.kind === 'brands') return <BrandPicker roles={session.staff.roles} />;
  if (view.kind === 'not-found')
    return (
      <Notice>
        The admin has no such page. <Link to="/admin">Choose a brand</Link>
      </Notice>
    );
  const role = session.staff.roles[view.brand];
  if (!role)
    return (
      <Notice tone="error" role="alert">
        You have no role for {view.brand}. <Link to="/admin">Choose one of your brands</Link>
      </Notice>
    );
  return <BrandArea brand={view.brand} name={brandName(view.brand)} section={view.section} role={role} />;
}

/** Who is signed in, the way back to the brands, and the sign-out. */
function StaffFrame({ session, children }: { session: StaffSession; children: ReactNode }) {
  const [signOut, { isLoading }] = useAdminSignOutMutation();
  const [failure, setFailure] = useState<string>();
  const report = useReportResult();
  const leave = async () => {
    setFailure(undefined);
    const answer = await signOut();
    if ('error' in answer) setFailure(`You are still signed in: ${staffErrorOf(answer.error).message}`);
    else report('Signed out.');
  };
  return (
    <>
      <div className="admin-bar">
        <Link to="/admin">All brands</Link>
        <span className="admin-bar__who">Signed in as {session.staff.email}</span>
        <Button variant="secondary" size="small" onClick={() => void leave()} disabled={isLoading}>
          Sign out
        </Button>
      </div>
      {failure && (
        <Notice tone="error" role="alert">
          {failure}
        </Notice>
      )}
      {children}
    </>
  );
}
