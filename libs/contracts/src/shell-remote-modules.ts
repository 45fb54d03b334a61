import type { RemoteName } from './remote-names';

/**
 * Every module the shell loads from each remote: its pages and the slots of its chrome. The
 * shell can load no other (its remote outlet takes only these), and the gateway refuses to put
 * live a remote version that does not expose them all. A new remote must say here what the shell
 * takes from it.
 */
export const SHELL_REMOTE_MODULES = {
  catalog: ['pages', 'QuickSearch'],
  cartCheckout: ['pages', 'MiniCart', 'PreviousBagOffer'],
  account: ['pages'],
  content: ['pages', 'EmailSignupForm', 'EmailSignupPrompt'],
  admin: ['pages'],
} as const satisfies Record<RemoteName, readonly string[]>;

/** A module the shell loads from remote `R`. */
export type ShellRemoteModule<R extends RemoteName = RemoteName> = (typeof SHELL_REMOTE_MODULES)[R][number];
