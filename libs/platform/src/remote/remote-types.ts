import type { ComponentType } from 'react';

/** Props the shell passes to a remote's exposed `./pages` component. */
export interface RemotePageProps {
  /** Page id from the shell's route table, e.g. `category` or `account-orders`. */
  page: string;
  /** `modal` when the page opens over the current page (login, register, forgot password). */
  variant?: 'page' | 'modal';
}

/** Shape of every exposed module: a default-exported component. */
export interface RemoteModule<P = RemotePageProps> {
  default: ComponentType<P>;
}
