import { type RequestHandler, Router } from 'express';
import { assertDistinctMounts, shareMounts } from './app';

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

describe('shareMounts', () => {
  const router = (...routes: Array<['get' | 'post' | 'put', string]>) => {
    const made = Router();
    for (const [method, path] of routes) made[method](path, (_req, res) => res.end());
    return made;
  };

  it('lets two routers share a path when their routes differ (the bag and checkout under /cart)', () => {
    const shared = shareMounts([
      { path: '/cart', router: router(['get', '/'], ['post', '/lineItem']), body: { limit: '8kb' } },
      { path: '/cart', router: router(['post', '/'], ['put', '/']), body: { limit: '8kb' } },
      { path: '/checkout', router: router(['get', '/']) },
    ]);
    expect([...shared.keys()]).toEqual(['/cart', '/checkout']);
    expect(shared.get('/cart')?.routers).toHaveLength(2);
  });

  it('refuses a route registered by both, or bodies parsed differently', () => {
    expect(() =>
      shareMounts([
        { path: '/cart', router: router(['get', '/'], ['post', '/lineItem']) },
        { path: '/cart', router: router(['post', '/lineItem']) },
      ]),
    ).toThrow('POST /lineItem under /cart registered twice');
    expect(() =>
      shareMounts([
        { path: '/cart', router: router(['get', '/']), body: { limit: '4kb' } },
        { path: '/cart', router: router(['post', '/']), body: { limit: '8kb' } },
      ]),
    ).toThrow('the routers sharing /cart parse bodies differently');
  });

  it('keeps one CSRF check for a path: routers sharing it must bring the same one', () => {
    const own: RequestHandler = (_req, _res, next) => next();
    const shared = shareMounts([
      { path: '/admin', router: router(['get', '/session']), csrf: own },
      { path: '/admin', router: router(['get', '/brands']), csrf: own },
    ]);
    expect(shared.get('/admin')?.csrf).toBe(own);
    expect(() =>
      shareMounts([
        { path: '/admin', router: router(['get', '/session']), csrf: own },
        { path: '/admin', router: router(['get', '/brands']) },
      ]),
    ).toThrow('the routers sharing /admin check CSRF differently');
  });
});
