/**
 * Privacy preferences (SPEC §2 /privacy/preferences). Necessary cookies are always on; analytics
 * and marketing can be switched. A request with `Sec-GPC: 1` (Global Privacy Control) is opted
 * out of both, whatever was stored.
 */
export const CONSENT_CATEGORIES = ['necessary', 'analytics', 'marketing'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

/** Nothing chosen and no GPC: a US shop's opt-out model, both on until the shopper switches them off. */
export const DEFAULT_CONSENT = { analytics: true, marketing: true } as const;

/** The request header a browser with Global Privacy Control sends. */
export const GPC_HEADER = 'sec-gpc';
