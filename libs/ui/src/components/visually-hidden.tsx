import type { ReactNode } from 'react';
import '../styles/base.css';

type Tag = 'span' | 'p' | 'caption' | 'label' | 'h2';

/** Text for screen readers only (it stays in the accessibility tree, off the screen). */
export function VisuallyHidden({
  as: Element = 'span',
  children,
  htmlFor,
}: {
  as?: Tag;
  children: ReactNode;
  htmlFor?: string;
}) {
  return Element === 'label' ? (
    <label className="ui-visually-hidden" htmlFor={htmlFor}>
      {children}
    </label>
  ) : (
    <Element className="ui-visually-hidden">{children}</Element>
  );
}
