import { buildRouteTable, isServerRendered, matchRoute } from './route-table';

const table = buildRouteTable({
  routing: { homePath: '/', productBasePath: '/p' },
  landingPages: ['/bras'],
  categoryLandingPages: ['/panties'],
});
const match = (path: string) => {
  const found = matchRoute(table, path);
  return found && { page: found.entry.page, params: found.params };
};

describe('matchRoute (the shell’s table, as react-router matches it)', () => {
  it('finds literal pages, case-insensitively and with a trailing slash', () => {
    expect(match('/')).toEqual({ page: 'home', params: {} });
    expect(match('/Account/Orders/')).toEqual({ page: 'account-orders', params: {} });
    expect(match('/bras')).toEqual({ page: 'landing-bras', params: {} });
    expect(match('/panties')).toEqual({ page: 'category-landing-panties', params: {} });
    expect(match('/customer-service/returns-policy')?.page).toBe('customer-service-returns-policy');
  });

  it('takes one segment per parameter and the rest under a trailing *', () => {
    expect(match('/p/bras/lace-bralette/VF1234')).toEqual({
      page: 'product',
      params: { category: 'bras', name: 'lace-bralette', id: 'VF1234' },
    });
    expect(match('/c/bras/T-Shirt')).toEqual({ page: 'category', params: { '*': 'bras/T-Shirt' } });
    expect(match('/c')).toEqual({ page: 'search', params: {} });
    expect(match('/account/orders/VF1/returns/create')).toEqual({
      page: 'account-return-create',
      params: { orderNumber: 'VF1' },
    });
    expect(match('/learn/%C3%A9t%C3%A9')).toEqual({ page: 'learn-article', params: { article: 'été' } });
  });

  it('matches nothing for unknown paths, extra segments or a broken escape', () => {
    for (const path of ['/no-such-page', '/p/x/y', '/p/x/y/z/w', '/account/orders/VF1/other', '/learn/%E0%A4%A'])
      expect(match(path)).toBeUndefined();
  });
});

describe('the admin’s routes', () => {
  it('give /admin and everything under it to the admin remote, rendered in the browser only and never indexed', () => {
    for (const path of ['/admin', '/admin/', '/admin/brands/hoopcraft/flags', '/Admin/brands/x/remotes']) {
      const found = matchRoute(table, path);
      expect(found?.entry).toMatchObject({ remote: 'admin', clientOnly: true, noindex: true, backOffice: true });
      expect(isServerRendered(found!.entry)).toBe(false);
    }
    expect(matchRoute(table, '/admin')?.entry.page).toBe('admin');
    expect(matchRoute(table, '/admin/brands/hoopcraft/flags')?.params).toEqual({ '*': 'brands/hoopcraft/flags' });
  });

  it('leave the shop’s pages indexed, with their chrome, and its public pages server-rendered', () => {
    for (const entry of table.filter((route) => route.remote !== 'admin')) {
      expect(entry.noindex ?? false).toBe(false);
      expect(entry.backOffice ?? false).toBe(false);
    }
    expect(isServerRendered(matchRoute(table, '/c/bras')!.entry)).toBe(true);
  });
});
