import type { Facet, FacetValue } from '@shop/contracts/browser';

/** SPEC §9: a facet shows five values until the shopper asks for more. */
export const FACET_LIMIT = 5;
const ORDER = ['category', 'size', 'color'];

/** Default facet order: category, size, colour, then the rest as they came. */
export function orderFacets(facets: Facet[]): Facet[] {
  const rank = (name: string) => (ORDER.includes(name) ? ORDER.indexOf(name) : ORDER.length);
  return facets
    .map((facet, i) => ({ facet, i }))
    .sort((a, b) => rank(a.facet.name) - rank(b.facet.name) || a.i - b.i)
    .map(({ facet }) => facet);
}

/** The values to show: the first five, plus any selected value further down so it can be cleared. */
export function visibleValues(values: FacetValue[], expanded: boolean): { shown: FacetValue[]; hidden: number } {
  if (expanded || values.length <= FACET_LIMIT) return { shown: values, hidden: 0 };
  const first = values.slice(0, FACET_LIMIT);
  const selectedLater = values.slice(FACET_LIMIT).filter((v) => v.selected);
  return { shown: [...first, ...selectedLater], hidden: values.length - first.length - selectedLater.length };
}
