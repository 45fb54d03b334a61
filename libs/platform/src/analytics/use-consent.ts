import type { PrivacyPreferences } from '@shop/contracts/browser';
import { useSyncExternalStore } from 'react';
import { currentConsent, subscribeConsent } from './consent';

/** The effective consent, re-rendering when the shopper changes it. */
export function useConsent(): PrivacyPreferences {
  return useSyncExternalStore(subscribeConsent, currentConsent, currentConsent);
}
