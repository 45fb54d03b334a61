import type { ButtonHTMLAttributes } from 'react';
import { cx } from './class-names';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'link';
export interface ButtonLook {
  variant?: ButtonVariant;
  size?: 'medium' | 'small';
  block?: boolean;
}

/** The classes of a button, for elements that must look like one (a router link to a page, say). */
export function buttonClassName(
  { variant = 'primary', size = 'medium', block = false }: ButtonLook = {},
  extra?: string,
) {
  return cx(
    'ui-button',
    variant !== 'primary' && `ui-button--${variant}`,
    size === 'small' && 'ui-button--small',
    block && 'ui-button--block',
    extra,
  );
}

type Props = ButtonHTMLAttributes<HTMLButtonElement> & ButtonLook;

/** A button; `type` defaults to "button" so a button in a form never submits it by accident. */
export function Button({ variant, size, block, className, type = 'button', ...rest }: Props) {
  return <button type={type} className={buttonClassName({ variant, size, block }, className)} {...rest} />;
}
