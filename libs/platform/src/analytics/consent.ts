import { DEFAULT_CONSENT, type PrivacyPreferences } from '@shop/contracts/browser';

/** Until the boot config sets it (a page always carries it): the shop's default, both on. */
const UNKNOWN: PrivacyPreferences = { ...DEFAULT_CONSENT, gpc: false, source: 'default' };

declare global {
  interface Window {
    /** The effective consent, kept on window so the shell and every remote read one value. */
    __SHOP_CONSENT__?: PrivacyPreferences;
  }
  interface Navigator {
    globalPrivacyControl?: boolean;
  }
}

const listeners = new Set<() => void>();

/** The browser's own Global Privacy Control signal (Sec-GPC is what the gateway sees). */
export const browserGpc = (): boolean => typeof navigator !== 'undefined' && navigator.globalPrivacyControl === true;

/**
 * The effective consent: the gateway's answer (inlined in the boot config, or from the
 * preferences page), with the browser's GPC signal turning analytics and marketing off.
 */
export function currentConsent(): PrivacyPreferences {
  const known = (typeof window !== 'undefined' && window.__SHOP_CONSENT__) || UNKNOWN;
  return browserGpc() ? { analytics: false, marketing: false, gpc: true, source: 'gpc' } : known;
}

/** Sets the effective consent (at boot, and after the shopper changes it): takes effect at once, no reload. */
export function setConsent(value: PrivacyPreferences): void {
  window.__SHOP_CONSENT__ = value;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore. */
export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
