import { CUSTOMER_SERVICE_TOPICS, buildRouteTable, isBrowsingPage, matchRoute } from './route-table';

const standard = { routing: { homePath: '/', productBasePath: '/p' }, landingPages: [] };

describe('route table (SPEC §2)', () => {
  const table = buildRouteTable(standard);
  const owner = (path: string) => table.find((entry) => entry.path === path)?.remote;

  it('tells the pages a shopper browses, where a marketing prompt may open, from tasks and staff pages', () => {
    const browsing = (path: string) => {
      const found = matchRoute(table, path);
      return Boolean(found && isBrowsingPage(found.entry));
    };
    for (const path of ['/', '/c/bras', '/c', '/p/bras/lace-bra/100', '/learn', '/stores', '/size-guide'])
      expect([path, browsing(path)]).toEqual([path, true]);
    for (const path of [
      '/cart',
      '/checkout',
      '/orderconfirmation',
      '/account',
      '/account/orders',
      '/login',
      '/register',
    ])
      expect([path, browsing(path)]).toEqual([path, false]);
    for (const path of ['/order/returns', '/loyalty', '/password/reset', '/admin/flags'])
      expect([path, browsing(path)]).toEqual([path, false]);
  });

  it('maps every spec route to its owning remote', () => {
    expect(
      Object.fromEntries(
        [
          '/account',
          '/account/profile',
          '/account/orders',
          '/account/orders/:orderNumber',
          '/account/orders/:orderNumber/returns',
          '/account/orders/:orderNumber/returns/create',
          '/order/returns',
          '/order/returns/create',
          '/order/track',
          '/order',
          '/cart',
          '/cart/create',
          '/c/*',
          '/c',
          '/checkout',
          '/orderconfirmation',
          '/p/:category/:name/:id',
          '/learn',
          '/learn/:article',
          '/size-guide',
          '/size-guide/:item',
          '/find-your-fit',
          '/stores',
          '/login',
          '/register',
          '/password/forgot',
          '/password/reset',
          '/privacy/preferences',
          '/loyalty',
          '/',
        ].map((path) => [path, owner(path)]),
      ),
    ).toEqual({
      '/account': 'account',
      '/account/profile': 'account',
      '/account/orders': 'account',
      '/account/orders/:orderNumber': 'account',
      '/account/orders/:orderNumber/returns': 'account',
      '/account/orders/:orderNumber/returns/create': 'account',
      '/order/returns': 'account',
      '/order/returns/create': 'account',
      '/order/track': 'account',
      '/order': 'account',
      '/cart': 'cartCheckout',
      '/cart/create': 'cartCheckout',
      '/c/*': 'catalog',
      '/c': 'catalog',
      '/checkout': 'cartCheckout',
      '/orderconfirmation': 'cartCheckout',
      '/p/:category/:name/:id': 'catalog',
      '/learn': 'content',
      '/learn/:article': 'content',
      '/size-guide': 'catalog',
      '/size-guide/:item': 'catalog',
      '/find-your-fit': 'catalog',
      '/stores': 'content',
      '/login': 'account',
      '/register': 'account',
      '/password/forgot': 'account',
      '/password/reset': 'account',
      '/privacy/preferences': 'account',
      '/loyalty': 'account',
      '/': 'content',
    });
  });

  it('has all twelve customer-service pages on the content remote', () => {
    expect(CUSTOMER_SERVICE_TOPICS).toHaveLength(12);
    for (const topic of CUSTOMER_SERVICE_TOPICS) expect(owner(`/customer-service/${topic}`)).toBe('content');
  });

  it('opens only login, register and forgot password as modals', () => {
    expect(table.filter((e) => e.modal).map((e) => e.path)).toEqual(['/login', '/register', '/password/forgot']);
  });

  it('marks the account pages as needing a signed-in shopper', () => {
    expect(table.filter((e) => e.authorized).every((e) => e.path.startsWith('/account'))).toBe(true);
    expect(table.filter((e) => e.authorized)).toHaveLength(6);
  });

  it('uses the /rr variant and brand landing pages from brand config', () => {
    const rr = buildRouteTable({
      routing: { homePath: '/rr', productBasePath: '/rr/p' },
      landingPages: ['/bras'],
      categoryLandingPages: ['/panties'],
    });
    expect(rr.find((e) => e.path === '/panties')).toEqual({
      page: 'category-landing-panties',
      path: '/panties',
      remote: 'catalog',
    });
    expect(rr.filter((e) => e.page === 'home').map((e) => e.path)).toEqual(['/', '/rr']);
    expect(rr.find((e) => e.page === 'product')?.path).toBe('/rr/p/:category/:name/:id');
    expect(rr.find((e) => e.path === '/bras')).toEqual({ page: 'landing-bras', path: '/bras', remote: 'content' });
  });

  it('gives every path a unique page id', () => {
    expect(new Set(table.map((e) => e.page)).size).toBe(table.length);
    expect(new Set(table.map((e) => e.path)).size).toBe(table.length);
  });
});
