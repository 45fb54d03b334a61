import type { NavLink } from '@shop/contracts/browser';
import { useFlag } from '@shop/platform';

/**
 * Pages a brand flag can switch off; their links leave the nav and footer with them. A link to a
 * sub-page (`/loyalty/...`) goes with its page. /order/track is not here on purpose: with guest
 * ordering off, customers still look their own orders up by number there, and orders placed
 * before the brand switched guest ordering off stay trackable.
 */
const FLAGGED_PATHS: ReadonlyArray<[prefix: string, flag: string]> = [
  ['/stores', 'storeLocator'],
  ['/loyalty', 'loyalty'],
  ['/order/returns', 'returns'],
];

const flagFor = (href: string) =>
  FLAGGED_PATHS.find(
    ([prefix]) => href === prefix || href.startsWith(`${prefix}/`) || href.startsWith(`${prefix}?`),
  )?.[1];

/** The links whose feature is on for this brand (a flag that is not set counts as on). */
export function useFeatureLinks(): (links: readonly NavLink[]) => NavLink[] {
  const enabled: Record<string, boolean> = {
    storeLocator: useFlag('storeLocator', true),
    loyalty: useFlag('loyalty', true),
    returns: useFlag('returns', true),
  };
  return (links) =>
    links.filter((link) => {
      const flag = flagFor(link.href);
      return flag === undefined || enabled[flag] !== false;
    });
}
