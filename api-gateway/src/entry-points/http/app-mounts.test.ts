import { assertDistinctMounts } from './app';

describe('assertDistinctMounts', () => {
  it('accepts mounts that neither equal nor contain one another', () => {
    expect(() => assertDistinctMounts(['/auth', '/account', '/products', '/search', '/stores'])).not.toThrow();
  });

  it.each([
    [['/auth', '/auth'], '/auth and /auth'],
    [['/stores', '/stores/map'], '/stores and /stores/map'],
    [['/products/x', '/products'], '/products/x and /products'],
    [['/', '/leads'], '/ and /leads'],
  ])('refuses %j', (paths, named) => {
    expect(() => assertDistinctMounts(paths)).toThrow(`the mounts ${named} overlap`);
  });
});
