import type { ReactNode } from 'react';
import { usePageTitle } from './use-page-title';

interface Props {
  /** Module Federation name of the remote that owns the page. */
  remote: string;
  /** The remote's build version, shown so a release or rollback is visible. */
  version: string;
  page: string;
  title: string;
  children?: ReactNode;
}

/** The root of every remote page: marks its owner (data-remote) and sets the title. */
export function PageShell({ remote, version, page, title, children }: Props) {
  usePageTitle(title);
  return (
    <article className="page-shell" data-remote={remote} data-page={page} data-remote-build={version}>
      <h1>{title}</h1>
      {children}
      <p className="page-shell__build" style={{ fontSize: '0.75rem', color: 'var(--color-muted)' }}>
        {remote} {version}
      </p>
    </article>
  );
}
