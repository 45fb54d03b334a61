import type { Facet } from '@shop/contracts/browser';
import { orderFacets, visibleValues } from './facet-view';

const facet = (name: Facet['name']): Facet => ({ name, label: name, values: [] });
const values = (n: number) => Array.from({ length: n }, (_, i) => ({ value: `v${i}`, count: 10 - i, selected: false }));

describe('facet view', () => {
  it('orders category, size and colour first, keeping the rest in order', () => {
    expect(
      orderFacets([facet('waist'), facet('color'), facet('bandSize'), facet('size'), facet('category')]).map(
        (f) => f.name,
      ),
    ).toEqual(['category', 'size', 'color', 'waist', 'bandSize']);
  });

  it('truncates at five values, keeping selected ones visible', () => {
    expect(visibleValues(values(4), false)).toEqual({ shown: values(4), hidden: 0 });
    const many = values(9);
    many[7].selected = true;
    const { shown, hidden } = visibleValues(many, false);
    expect(shown.map((v) => v.value)).toEqual(['v0', 'v1', 'v2', 'v3', 'v4', 'v7']);
    expect(hidden).toBe(3);
    expect(visibleValues(many, true).shown).toHaveLength(9);
  });
});
