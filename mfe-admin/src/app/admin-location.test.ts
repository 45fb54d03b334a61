import { adminView, sectionPath } from './admin-location';

describe('the admin’s own addresses', () => {
  it('opens the brand picker at /admin and a brand’s flags when no section is named', () => {
    expect(adminView('/admin')).toEqual({ kind: 'brands' });
    expect(adminView('/admin/')).toEqual({ kind: 'brands' });
    expect(adminView('/admin/brands')).toEqual({ kind: 'brands' });
    expect(adminView('/admin/brands/hoopcraft')).toEqual({ kind: 'brand', brand: 'hoopcraft', section: 'flags' });
  });

  it('opens each section of a brand, and nothing for an unknown section, brand id or deeper path', () => {
    for (const section of ['flags', 'audit', 'preview', 'remotes'] as const)
      expect(adminView(sectionPath('everwear', section))).toEqual({ kind: 'brand', brand: 'everwear', section });
    for (const path of [
      '/admin/brands/everwear/secrets',
      '/admin/brands/Ever%20wear/flags',
      '/admin/brands/%E0%A4%A/flags',
      '/admin/brands/everwear/flags/extra',
      '/admin/users',
    ])
      expect(adminView(path)).toEqual({ kind: 'not-found' });
  });
});
