import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BRAND_IDS } from '@shop/contracts';
import { BrandConfigError, loadBrandCatalog } from './loader';

const brandsDir = join(__dirname, '..');

function copyOfBrands(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'brands-')), 'brands');
  cpSync(brandsDir, dir, { recursive: true, filter: (src) => !src.includes('node_modules') });
  return dir;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests poke arbitrary keys
const editJson = (file: string, edit: (value: Record<string, any>) => void) => {
  const value = JSON.parse(readFileSync(file, 'utf8'));
  edit(value);
  writeFileSync(file, JSON.stringify(value));
};

describe('brand config loader', () => {
  it('loads all four brands with distinct themes and logos', () => {
    const catalog = loadBrandCatalog({ dir: brandsDir, environment: 'production' });
    expect([...catalog.keys()]).toEqual([...BRAND_IDS]);
    const primaries = new Set([...catalog.values()].map((b) => b.publicConfig.theme.colors.primary));
    expect(primaries.size).toBe(4);
    expect(catalog.get('rallyathletic')?.publicConfig.routing).toEqual({ homePath: '/rr', productBasePath: '/rr/p' });
    expect(catalog.get('vanityfair')?.publicConfig.categoryLandingPages).toContain('/bras');
    expect(catalog.get('vanityfair')?.publicConfig.landingPages).toEqual(['/privacy-policy']);
    expect(catalog.get('everwear')?.logoSvg).toMatch(/^<svg/);
  });

  it('merges global, then site, then environment config', () => {
    const dev = loadBrandCatalog({ dir: brandsDir, environment: 'development' });
    const prod = loadBrandCatalog({ dir: brandsDir, environment: 'production' });
    // global config.json < global env/development.json
    expect(prod.get('everwear')?.publicConfig.customerService.phone).toBe('1-800-555-0142');
    expect(dev.get('everwear')?.publicConfig.customerService.phone).toBe('1-800-555-0100');
    // site config.json < site env/development.json
    expect(dev.get('rallyathletic')?.publicConfig.tagline).toMatch(/development/);
    expect(prod.get('rallyathletic')?.publicConfig.tagline).toBe('Built for game day');
  });

  it('keeps server-only settings out of the public config', () => {
    const brand = loadBrandCatalog({ dir: brandsDir, environment: 'production' }).get('vanityfair');
    expect(brand?.publicConfig).not.toHaveProperty('remotes');
    expect(brand?.publicConfig).not.toHaveProperty('hosts');
    expect(brand?.publicConfig).not.toHaveProperty('crm');
    expect(brand?.config.crm.lead.optInKey).toBe('vanityfair_email_optin');
    expect(brand?.flagValues).toMatchObject({ guestOrdering: true, loyalty: false });
  });

  it('names the file and key of an invalid value', () => {
    const dir = copyOfBrands();
    editJson(join(dir, 'sites', 'everwear', 'config.json'), (c) => (c.theme.colors.primary = 'blue'));
    expect(() => loadBrandCatalog({ dir, environment: 'production' })).toThrow(
      /brands\/sites\/everwear\/config\.json at "theme\.colors\.primary": Expected a hex colour/,
    );
  });

  it('takes a brand’s public origins from config, keeps them server-side, and refuses one with a path', () => {
    const dir = copyOfBrands();
    const file = join(dir, 'sites', 'hoopcraft', 'config.json');
    editJson(file, (c) => (c.origins = ['https://www.hoopcraft.example']));
    const brand = loadBrandCatalog({ dir, environment: 'production' }).get('hoopcraft');
    expect(brand?.config.origins).toEqual(['https://www.hoopcraft.example']);
    expect(brand?.publicConfig).not.toHaveProperty('origins');
    editJson(file, (c) => (c.origins = ['https://www.hoopcraft.example/shop']));
    expect(() => loadBrandCatalog({ dir, environment: 'production' })).toThrow(
      /brands\/sites\/hoopcraft\/config\.json at "origins\.0": Expected an origin/,
    );
  });

  it('blames the environment file when it is the one that set the bad value', () => {
    const dir = copyOfBrands();
    writeFileSync(join(dir, 'global', 'env', 'production.json'), JSON.stringify({ remotes: { baseUrl: 'ftp://x' } }));
    expect(() => loadBrandCatalog({ dir, environment: 'production' })).toThrow(
      /brands\/global\/env\/production\.json at "remotes\.baseUrl"/,
    );
  });

  it('names an unknown key', () => {
    const dir = copyOfBrands();
    editJson(join(dir, 'sites', 'hoopcraft', 'config.json'), (c) => (c.theme.colours = {}));
    let error: unknown;
    try {
      loadBrandCatalog({ dir, environment: 'production' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(BrandConfigError);
    expect((error as BrandConfigError).file).toBe('brands/sites/hoopcraft/config.json');
    expect((error as BrandConfigError).key).toBe('theme.colours');
  });

  it('names a file that is not JSON, and an invalid flag file', () => {
    const dir = copyOfBrands();
    writeFileSync(join(dir, 'sites', 'vanityfair', 'config.json'), '{ "name": ');
    expect(() => loadBrandCatalog({ dir, environment: 'production' })).toThrow(
      /sites\/vanityfair\/config\.json.*not valid JSON/,
    );
    const other = copyOfBrands();
    editJson(join(other, 'sites', 'everwear', 'flags.json'), (f) => (f.flags.loyalty.defaultVariant = 'maybe'));
    expect(() => loadBrandCatalog({ dir: other, environment: 'production' })).toThrow(
      /sites\/everwear\/flags\.json at "flags\.loyalty\.defaultVariant"/,
    );
  });

  it('refuses a logo with script in it', () => {
    const dir = copyOfBrands();
    writeFileSync(join(dir, 'sites', 'hoopcraft', 'logo.svg'), '<svg onload="alert(1)"></svg>');
    expect(() => loadBrandCatalog({ dir, environment: 'production' })).toThrow(/hoopcraft\/logo\.svg/);
  });

  it('finds each brand’s font files in the installed font packages, by the name they are served under', () => {
    const catalog = loadBrandCatalog({ dir: brandsDir, environment: 'production' });
    for (const brand of catalog.values()) {
      expect(brand.fontFiles.size).toBe(brand.publicConfig.theme.fonts.faces.length);
      for (const [name, path] of brand.fontFiles) {
        expect(name).toMatch(/^[a-z0-9-]+\.woff2$/);
        expect(path.endsWith(`/files/${name}`)).toBe(true);
      }
    }
  });

  it('refuses a font file that is not installed, naming its key', () => {
    const dir = copyOfBrands();
    editJson(join(dir, 'sites', 'everwear', 'config.json'), (c) => {
      c.theme.fonts.faces[0].file = '@fontsource-variable/no-such-font/files/no-such-font-latin-wght-normal.woff2';
    });
    expect(() => loadBrandCatalog({ dir, environment: 'production' })).toThrow(
      /sites\/everwear\/config\.json at "theme\.fonts\.faces\.0\.file": .*is not installed/,
    );
  });
});
