import { apiQuery, clearFilters, listingSearch, parseListing, toggleFilter } from './listing-url';

describe('listing URL state', () => {
  it('round-trips filters, sort, paging and price in a stable order', () => {
    const state = parseListing(
      new URLSearchParams('color=Black&size=M&size=L&sort=price-asc&offset=12&priceMax=5000&q=lace'),
    );
    expect(state).toEqual({
      q: 'lace',
      sort: 'price-asc',
      offset: 12,
      filters: { size: ['M', 'L'], color: ['Black'] },
      priceMax: 5000,
    });
    expect(listingSearch(state).toString()).toBe(
      'q=lace&size=M&size=L&color=Black&priceMax=5000&sort=price-asc&offset=12',
    );
    expect(parseListing(listingSearch(state))).toEqual(state);
  });

  it('drops malformed values instead of passing them on', () => {
    expect(
      parseListing(new URLSearchParams(`offset=-5&sort=cheap&priceMin=abc&size=&size=${'x'.repeat(70)}&bogus=1`)),
    ).toEqual({ offset: 0, filters: {} });
  });

  it('toggles values, resets paging, and keeps the category when filters are cleared', () => {
    const start = parseListing(new URLSearchParams('size=M&offset=24'));
    const more = toggleFilter(start, 'size', 'L');
    expect(more.filters.size).toEqual(['M', 'L']);
    expect(more.offset).toBe(0);
    expect(toggleFilter(toggleFilter(more, 'size', 'M'), 'size', 'L').filters).toEqual({});
    expect(apiQuery(clearFilters(more), 'bras', 12)).toBe('category=bras&limit=12');
  });
});
