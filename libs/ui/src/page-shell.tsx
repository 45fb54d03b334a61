import type { ReactNode } from 'react';
import { usePageTitle } from './use-page-title';
import './styles/base.css';

interface Props {
  /** Module Federation name of the remote that owns the page. */
  remote: string;
  /** The remote's build version, kept in data-remote-build so a release or rollback is visible to tools, not shoppers. */
  version: string;
  page: string;
  title: string;
  children?: ReactNode;
}

/** The root of every remote page: marks its owner and build (data-remote, data-remote-build), sets the title and the base styles. */
export function PageShell({ remote, version, page, title, children }: Props) {
  usePageTitle(title);
  return (
    <article className="page-shell" data-remote={remote} data-page={page} data-remote-build={version}>
      <h1>{title}</h1>
      {children}
    </article>
  );
}
