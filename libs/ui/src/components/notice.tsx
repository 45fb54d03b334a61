import type { ReactNode } from 'react';
import { cx } from './class-names';
import './notice.css';

interface Props {
  tone?: 'info' | 'success' | 'error';
  /** alert: read out at once (a failed submit); status: read politely; none: just shown. */
  role?: 'alert' | 'status';
  className?: string;
  children: ReactNode;
}

/** A message in the flow of the page: a form's error, a confirmation. */
export function Notice({ tone = 'info', role, className, children }: Props) {
  return (
    <p role={role} className={cx('ui-notice', tone !== 'info' && `ui-notice--${tone}`, className)}>
      {children}
    </p>
  );
}
