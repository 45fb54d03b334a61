import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from './class-names';
import './card.css';

type Tag = 'div' | 'li' | 'article' | 'section';
interface Props extends HTMLAttributes<HTMLElement> {
  as?: Tag;
  /** outlined: a hairline border; flush: no padding or surface (a product tile whose image fills it). */
  look?: 'plain' | 'outlined' | 'flush';
  children: ReactNode;
}

/** A surface that groups one thing: a product, an article, a store. */
export function Card({ as: Element = 'div', look = 'plain', className, children, ...rest }: Props) {
  return (
    <Element className={cx('ui-card', look !== 'plain' && `ui-card--${look}`, className)} {...rest}>
      {children}
    </Element>
  );
}
