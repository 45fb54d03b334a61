/** Module Federation names of the remotes (the shop's four and the staff's admin); also their registry keys. */
export const REMOTE_NAMES = ['catalog', 'cartCheckout', 'account', 'content', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
