import type { NavLink } from '@shop/contracts/browser';
import { useFlag } from '@shop/platform';

/** Pages a brand flag can switch off; their links leave the nav and footer with them. */
const FLAGGED_PATHS: Record<string, string> = { '/stores': 'storeLocator' };

/** The links whose feature is on for this brand. */
export function useFeatureLinks(): (links: readonly NavLink[]) => NavLink[] {
  const storeLocator = useFlag('storeLocator', true);
  const enabled: Record<string, boolean> = { storeLocator };
  return (links) => links.filter((link) => enabled[FLAGGED_PATHS[link.href] ?? ''] !== false);
}
