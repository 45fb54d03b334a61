import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BRAND_IDS, type BrandId } from '@shop/contracts';
import { loadBrandCatalog } from '../loader';
import { loadBrandContent } from './content-loader';
import { sizeGuideOfCategories } from './size-guides';

const brandsDir = join(__dirname, '..', '..');
const configOf = (dir: string, id: BrandId) => {
  const brand = loadBrandCatalog({ dir, environment: 'production' }).get(id);
  if (!brand) throw new Error(`no ${id}`);
  return brand.config;
};
const load = (dir: string, id: BrandId) => loadBrandContent(dir, configOf(dir, id));

describe('size guides in brand content', () => {
  it('gives each brand its own guides and finders, for the kinds of thing it sells', () => {
    const guides = Object.fromEntries(
      BRAND_IDS.map((id) => [id, load(brandsDir, id).sizeGuides.map((guide) => guide.slug)]),
    );
    expect(guides).toEqual({
      vanityfair: ['bras', 'panties', 'shapewear', 'camis-slips'],
      everwear: ['tops', 'bottoms', 'socks'],
      rallyathletic: ['tops', 'bottoms'],
      hoopcraft: ['basketballs', 'hoops', 'jerseys', 'shorts', 'socks'],
    });
    const finders = (id: BrandId) => load(brandsDir, id).sizeGuides.flatMap((g) => (g.finders ?? []).map((f) => f.id));
    expect(finders('hoopcraft')).toEqual(['basketballs', 'rim-height', 'jerseys', 'shorts', 'socks']);
    expect(finders('vanityfair')).toContain('bras');
    expect(finders('rallyathletic')).toEqual(
      expect.arrayContaining(['mens-tops', 'womens-tops', 'mens-pants', 'womens-leggings', 'sports-bras', 'jerseys']),
    );
  });

  it('gives each category of sized products one guide, found from the nearest category', () => {
    const hoopcraft = load(brandsDir, 'hoopcraft').sizeGuides;
    expect(sizeGuideOfCategories(hoopcraft, ['apparel-jerseys', 'apparel'])?.slug).toBe('jerseys');
    expect(sizeGuideOfCategories(hoopcraft, ['hoops-all', 'hoops'])?.slug).toBe('hoops');
    expect(sizeGuideOfCategories(hoopcraft, ['training-gear', 'training'])).toBeUndefined();
    const everwear = load(brandsDir, 'everwear').sizeGuides;
    expect(sizeGuideOfCategories(everwear, ['underwear-men', 'underwear'])?.slug).toBe('bottoms');
  });

  describe('names the broken file and key', () => {
    let dir: string;
    const guideFile = (brand: BrandId, slug: string) =>
      join(dir, 'sites', brand, 'content', 'size-guides', `${slug}.json`);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests break guides in shapes no type allows
    const edit = (brand: BrandId, slug: string, change: (guide: any) => void) => {
      const file = guideFile(brand, slug);
      const guide = JSON.parse(readFileSync(file, 'utf8'));
      change(guide);
      writeFileSync(file, JSON.stringify(guide));
    };
    beforeEach(() => {
      dir = join(mkdtempSync(join(tmpdir(), 'guides-')), 'brands');
      cpSync(brandsDir, dir, { recursive: true, filter: (src) => !src.includes('node_modules') });
    });
    afterEach(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

    it('for a row without one of its columns', () => {
      edit('hoopcraft', 'basketballs', (guide) => delete guide.tables[0].rows[1].circumference);
      expect(() => load(dir, 'hoopcraft')).toThrow(
        /brands\/sites\/hoopcraft\/content\/size-guides\/basketballs\.json at "tables\.0\.rows\.1\.circumference": the row has no "circumference" value/,
      );
    });

    it('for a measurement that is text, a range backwards, or rows that do not rise', () => {
      edit('rallyathletic', 'tops', (guide) => (guide.tables[0].rows[2].chest = 'about 40'));
      expect(() => load(dir, 'rallyathletic')).toThrow(/tops\.json at "tables\.0\.rows\.2\.chest": a column in in/);
      edit('rallyathletic', 'tops', (guide) => (guide.tables[0].rows[2].chest = [40, 38]));
      expect(() => load(dir, 'rallyathletic')).toThrow(/tops\.json at "tables\.0\.rows\.2\.chest": A range runs/);
      edit('rallyathletic', 'tops', (guide) => (guide.tables[0].rows[2].chest = [30, 31]));
      expect(() => load(dir, 'rallyathletic')).toThrow(
        /tops\.json at "tables\.0\.rows\.2\.chest": the fit finder needs "chest" to rise row by row/,
      );
    });

    it('for a finder that reads a missing table or column, or links to a size its tables cannot give', () => {
      edit('everwear', 'bottoms', (guide) => (guide.finders[0].tables = ['underwear']));
      expect(() => load(dir, 'everwear')).toThrow(
        /bottoms\.json at "finders\.0\.tables\.0": there is no table "underwear"/,
      );
      edit('everwear', 'bottoms', (guide) => {
        guide.finders[0].tables = ['mens-underwear'];
        guide.finders[0].inputs[0].key = 'hip';
      });
      expect(() => load(dir, 'everwear')).toThrow(
        /at "finders\.0\.inputs\.0\.key": no table of this finder has a "hip" column/,
      );
      edit('rallyathletic', 'tops', (guide) => (guide.finders[0].shop[1].sizes = ['S', '4X']));
      expect(() => load(dir, 'rallyathletic')).toThrow(
        /tops\.json at "finders\.0\.shop\.1\.sizes\.1": "4X" is not a size the finder can give/,
      );
    });

    it('for a filter that is not a listing filter, or a placeholder the finder does not fill', () => {
      edit('hoopcraft', 'jerseys', (guide) => (guide.finders[0].shop[0].filters = { fit: ['{size}'] }));
      expect(() => load(dir, 'hoopcraft')).toThrow(/jerseys\.json at "finders\.0\.shop\.0\.filters\.fit"/);
      edit('hoopcraft', 'jerseys', (guide) => (guide.finders[0].shop[0].filters = { size: ['{cup}'] }));
      expect(() => load(dir, 'hoopcraft')).toThrow(/\{cup\} means nothing to a ranges finder/);
    });

    it('for two guides answering to one slug or sizing one category, or two finders sharing an id', () => {
      edit('hoopcraft', 'socks', (guide) => (guide.aliases = ['jerseys']));
      expect(() => load(dir, 'hoopcraft')).toThrow(
        /socks\.json at "aliases\.0": "jerseys" already opens the jerseys guide/,
      );
      edit('hoopcraft', 'socks', (guide) => {
        delete guide.aliases;
        guide.categories = ['apparel-jerseys'];
      });
      expect(() => load(dir, 'hoopcraft')).toThrow(
        /socks\.json at "categories\.0": "apparel-jerseys" is sized by the jerseys guide/,
      );
      edit('hoopcraft', 'socks', (guide) => {
        guide.categories = ['apparel-socks'];
        guide.finders[0].id = 'jerseys';
      });
      expect(() => load(dir, 'hoopcraft')).toThrow(
        /socks\.json at "finders\.0\.id": "jerseys" is a finder of the jerseys guide/,
      );
    });

    it('for a file that is not JSON or not named by a slug', () => {
      writeFileSync(guideFile('everwear', 'Socks Guide'), '{}');
      expect(() => load(dir, 'everwear')).toThrow(/Socks Guide\.json at "\(file\)": size guides are named/);
      rmSync(guideFile('everwear', 'Socks Guide'));
      writeFileSync(guideFile('everwear', 'socks'), '{ "title": ');
      expect(() => load(dir, 'everwear')).toThrow(/socks\.json at "\(file\)": not valid JSON/);
    });

    it('for shared Markdown linking to a guide or finder one brand does not have', () => {
      const faqs = join(dir, 'global', 'content', 'customer-service', 'faqs.md');
      writeFileSync(faqs, `${readFileSync(faqs, 'utf8')}\nSee the [bra guide](/size-guide/bras).\n`);
      expect(() => load(dir, 'vanityfair')).not.toThrow();
      expect(() => load(dir, 'hoopcraft')).toThrow(
        /global\/content\/customer-service\/faqs\.md at "body": links to \/size-guide\/bras, which this brand does not have/,
      );
      const article = join(dir, 'sites', 'hoopcraft', 'content', 'articles', 'choosing-the-right-basketball-size.md');
      writeFileSync(faqs, readFileSync(join(brandsDir, 'global', 'content', 'customer-service', 'faqs.md'), 'utf8'));
      writeFileSync(article, readFileSync(article, 'utf8').replace('kind=basketballs', 'kind=bras'));
      expect(() => load(dir, 'hoopcraft')).toThrow(
        /links to \/find-your-fit\?kind=bras, which this brand does not have/,
      );
    });
  });
});
