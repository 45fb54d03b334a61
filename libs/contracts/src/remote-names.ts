/** Module Federation names of the four remotes; also their registry keys. */
export const REMOTE_NAMES = ['catalog', 'cartCheckout', 'account', 'content'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
