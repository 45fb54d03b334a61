import type { ReactNode } from 'react';
import { cx } from './class-names';
import './notice.css';

interface Props {
  tone?: 'info' | 'success' | 'error';
  /** alert: read out at once (a failed submit); status: read politely; none: just shown. */
  role?: 'alert' | 'status';
  /** p for a sentence; div for a box holding more (a message and a retry button). */
  as?: 'p' | 'div';
  className?: string;
  children: ReactNode;
}

/** A message in the flow of the page: a form's error, a failed load with its retry, a confirmation. */
export function Notice({ tone = 'info', role, as: Element = 'p', className, children }: Props) {
  return (
    <Element
      role={role}
      className={cx(
        'ui-notice',
        tone !== 'info' && `ui-notice--${tone}`,
        Element === 'div' && 'ui-notice--box',
        className,
      )}
    >
      {children}
    </Element>
  );
}
