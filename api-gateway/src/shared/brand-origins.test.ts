import type { BrandCatalog } from '@shop/brands';
import { createBrandOrigins } from './brand-origins';

const catalogWith = (origins: Record<string, string[] | undefined>) =>
  new Map(
    Object.entries(origins).map(([id, list]) => [id, { config: { origins: list, hosts: [] } }]),
  ) as unknown as BrandCatalog;

describe('brand origins', () => {
  const origins = createBrandOrigins(
    catalogWith({ vanityfair: undefined, hoopcraft: ['https://www.hoopcraft.example', 'https://hoopcraft.example'] }),
    'vanityfair',
    () => 8080,
  );

  it('uses configured origins, the first canonical', () => {
    expect(origins.canonical('hoopcraft')).toBe('https://www.hoopcraft.example');
    expect(origins.match('hoopcraft', 'https://HOOPCRAFT.example')).toBe('https://hoopcraft.example');
    expect(origins.match('hoopcraft', 'http://www.hoopcraft.example')).toBeUndefined();
    expect(origins.match('hoopcraft', 'http://hoopcraft.localhost:8080')).toBeUndefined();
    expect(origins.hostnames('hoopcraft')).toEqual(['www.hoopcraft.example', 'hoopcraft.example']);
  });

  it('falls back to the loopback names of a local start, on the port it listens on', () => {
    expect(origins.canonical('vanityfair')).toBe('http://vanityfair.localhost:8080');
    expect(origins.match('vanityfair', 'http://localhost:8080')).toBe('http://localhost:8080');
    expect(origins.match('vanityfair', 'http://localhost:9999')).toBeUndefined();
    expect(origins.match('vanityfair', 'http://evil.example.com')).toBeUndefined();
    expect(origins.hostnames('vanityfair')).toEqual([]);
  });
});

describe('brand origins behind a proxy', () => {
  const catalog = catalogWith({ vanityfair: undefined, hoopcraft: ['https://www.hoopcraft.example'] });

  it('takes PUBLIC_ORIGINS over the config, and PUBLIC_PORT for the loopback names', () => {
    const origins = createBrandOrigins(catalog, 'vanityfair', () => 8081, {
      origins: new Map([['hoopcraft', ['https://shop.hoopcraft.example']]]),
      port: 8080,
    });
    expect(origins.canonical('hoopcraft')).toBe('https://shop.hoopcraft.example');
    expect(origins.hostnames('hoopcraft')).toEqual(['shop.hoopcraft.example']);
    expect(origins.canonical('vanityfair')).toBe('http://vanityfair.localhost:8080');
    expect(origins.match('vanityfair', 'http://localhost:8080')).toBe('http://localhost:8080');
    expect(origins.match('vanityfair', 'http://localhost:8081')).toBeUndefined();
  });

  it('refuses PUBLIC_ORIGINS for a brand that does not exist', () => {
    expect(() =>
      createBrandOrigins(catalog, 'vanityfair', () => 8080, { origins: new Map([['nobrand', ['https://x.example']]]) }),
    ).toThrow('PUBLIC_ORIGINS names nobrand, which is no brand');
  });
});
