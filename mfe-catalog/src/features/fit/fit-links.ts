import type { FitShopLink } from '@shop/contracts/browser';
import type { FoundSize } from './fit-calculator';

const fill = (template: string, placeholders: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (all, name: string) => placeholders[name] ?? all);

/** Where a finder's result takes the shopper: the category, filtered by the size's values. */
export function shopHref(link: FitShopLink, found: FoundSize): string {
  const params = new URLSearchParams();
  for (const [name, values] of Object.entries(link.filters ?? {}))
    for (const value of values ?? []) params.append(name, fill(value, found.placeholders));
  const query = params.toString();
  return `/c/${link.category}${query ? `?${query}` : ''}`;
}

/** The links of a result: only to categories that sell the size, with the size as the shopper reads it. */
export function shopLinks(links: readonly FitShopLink[], found: FoundSize) {
  return links
    .filter((link) => !link.sizes || link.sizes.includes(found.size))
    .map((link) => ({
      href: shopHref(link, found),
      label: fill(link.label, { ...found.placeholders, size: found.label }),
    }));
}
