import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BRAND_IDS, CUSTOMER_SERVICE_TOPICS } from '@shop/contracts';
import { loadBrandCatalog } from '../loader';
import { loadBrandContent } from './content-loader';

const brandsDir = join(__dirname, '..', '..');

function copyOfBrands(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'content-')), 'brands');
  cpSync(brandsDir, dir, { recursive: true, filter: (src) => !src.includes('node_modules') });
  return dir;
}

const configOf = (dir: string, id: (typeof BRAND_IDS)[number]) => {
  const brand = loadBrandCatalog({ dir, environment: 'production' }).get(id);
  if (!brand) throw new Error(`no ${id}`);
  return brand.config;
};

const article = (front: string, body = 'Some words.') => `---\n${front}\n---\n${body}\n`;
const goodFront = 'title: A title\ndescription: A description.\npublished: 2026-01-02\nauthor: Sam Lee\ntags: [fit]';

describe('brand content', () => {
  it('loads every brand: home, nav, footer, twelve service pages and at least eight articles about fit, care and sport', () => {
    for (const id of BRAND_IDS) {
      const content = loadBrandContent(brandsDir, configOf(brandsDir, id));
      expect(content.home.hero.title).toBeTruthy();
      expect(content.nav.links.length).toBeGreaterThan(0);
      expect(content.footer.columns.length).toBeGreaterThan(0);
      expect(Object.keys(content.pages)).toEqual([...CUSTOMER_SERVICE_TOPICS]);
      expect(content.articles.length).toBeGreaterThanOrEqual(8);
      const tags = new Set(content.articles.flatMap((a) => a.tags));
      for (const topic of ['fit', 'care', 'sport']) expect(tags).toContain(topic);
      const dates = content.articles.map((a) => a.published);
      expect(dates).toEqual([...dates].sort().reverse());
    }
  });

  it('merges global and site documents and fills the brand into shared pages', () => {
    const content = loadBrandContent(brandsDir, configOf(brandsDir, 'hoopcraft'));
    expect(content.footer.legal).toMatch(/Hoopcraft/);
    expect(content.footer.columns[0].links.length).toBeGreaterThan(0);
    expect(content.pages.contact.html).toContain('Hoopcraft');
    expect(content.pages.contact.html).not.toMatch(/\{\{/);
    expect(content.pages.faqs.sections.length).toBeGreaterThanOrEqual(10);
    // Its own order numbers: the pages name its prefix, not another brand's.
    expect(content.pages.faqs.html).toContain('Order numbers start with HC.');
    expect(JSON.stringify(content.pages)).not.toMatch(/with VF/);
  });

  it('gives the variant home its own document', () => {
    const content = loadBrandContent(brandsDir, configOf(brandsDir, 'rallyathletic'));
    expect(content.homeVariants['/rr'].hero.title).not.toBe(content.home.hero.title);
  });

  describe('names the broken file and key', () => {
    let dir: string;
    beforeEach(() => {
      dir = copyOfBrands();
    });
    afterEach(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

    it('for an invalid JSON value', () => {
      const file = join(dir, 'sites', 'everwear', 'content', 'home.json');
      const home = JSON.parse(readFileSync(file, 'utf8'));
      home.hero.tone = 'neon';
      writeFileSync(file, JSON.stringify(home));
      expect(() => loadBrandContent(dir, configOf(dir, 'everwear'))).toThrow(
        /brands\/sites\/everwear\/content\/home\.json at "hero\.tone"/,
      );
    });

    it('for a key the global layer supplied', () => {
      const file = join(dir, 'global', 'content', 'footer.json');
      const footer = JSON.parse(readFileSync(file, 'utf8'));
      footer.columns[0].title = '';
      writeFileSync(file, JSON.stringify(footer));
      expect(() => loadBrandContent(dir, configOf(dir, 'everwear'))).toThrow(
        /brands\/global\/content\/footer\.json at "columns\.0\.title"/,
      );
    });

    it('for JSON that does not parse', () => {
      writeFileSync(join(dir, 'sites', 'hoopcraft', 'content', 'nav.json'), '{ "links": [');
      expect(() => loadBrandContent(dir, configOf(dir, 'hoopcraft'))).toThrow(
        /brands\/sites\/hoopcraft\/content\/nav\.json at "\(file\)": not valid JSON/,
      );
    });

    it('for a missing customer-service page', () => {
      rmSync(join(dir, 'global', 'content', 'customer-service', 'terms.md'));
      expect(() => loadBrandContent(dir, configOf(dir, 'everwear'))).toThrow(
        /customer-service\/terms\.md at "\(file\)": file is missing/,
      );
    });

    it('for article front matter that is missing or wrong', () => {
      const articles = join(dir, 'sites', 'everwear', 'content', 'articles');
      writeFileSync(join(articles, 'no-front-matter.md'), '# Just a body\n');
      expect(() => loadBrandContent(dir, configOf(dir, 'everwear'))).toThrow(
        /articles\/no-front-matter\.md at "\(front matter\)"/,
      );
      rmSync(join(articles, 'no-front-matter.md'));
      writeFileSync(join(articles, 'bad-date.md'), article(goodFront.replace('2026-01-02', 'January 2nd')));
      expect(() => loadBrandContent(dir, configOf(dir, 'everwear'))).toThrow(
        /articles\/bad-date\.md at "published": Expected a date/,
      );
      writeFileSync(join(articles, 'bad-date.md'), article(`${goodFront}\nimage: x.png`));
      expect(() => loadBrandContent(dir, configOf(dir, 'everwear'))).toThrow(/articles\/bad-date\.md at "image"/);
    });

    it('for a file name that is not a slug, a dangerous link, a dead article link or an unknown placeholder', () => {
      const articles = join(dir, 'sites', 'everwear', 'content', 'articles');
      writeFileSync(join(articles, 'Bad Name.md'), article(goodFront));
      expect(() => loadBrandContent(dir, configOf(dir, 'everwear'))).toThrow(/Bad Name\.md.*kebab-case/);
      rmSync(join(articles, 'Bad Name.md'));
      writeFileSync(
        join(articles, 'links.md'),
        article(goodFront, '[click](javascript:alert(1)) and [plain](http://example.com)'),
      );
      expect(() => loadBrandContent(dir, configOf(dir, 'everwear'))).toThrow(
        /articles\/links\.md at "body": link "http:\/\/example\.com"/,
      );
      writeFileSync(join(articles, 'links.md'), article(goodFront, 'See [this](/learn/not-an-article).'));
      expect(() => loadBrandContent(dir, configOf(dir, 'everwear'))).toThrow(/links to \/learn\/not-an-article/);
      writeFileSync(join(articles, 'links.md'), article(goodFront, 'Hello {{customerName}}'));
      expect(() => loadBrandContent(dir, configOf(dir, 'everwear'))).toThrow(
        /unknown placeholder \{\{customerName\}\}/,
      );
    });
  });

  it('never lets raw HTML through and opens outside links safely', () => {
    const dir = copyOfBrands();
    try {
      const file = join(dir, 'sites', 'everwear', 'content', 'articles', 'markup.md');
      writeFileSync(
        file,
        article(
          goodFront,
          '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[site](/stores) and [outside](https://example.com)',
        ),
      );
      const markup = loadBrandContent(dir, configOf(dir, 'everwear')).articles.find((a) => a.slug === 'markup');
      expect(markup?.html).not.toMatch(/<script|<img/);
      expect(markup?.html).toContain('&lt;script&gt;');
      expect(markup?.html).toContain('<a href="/stores">site</a>');
      expect(markup?.html).toContain(
        '<a href="https://example.com" rel="noopener noreferrer" target="_blank">outside</a>',
      );
    } finally {
      rmSync(join(dir, '..'), { recursive: true, force: true });
    }
  });
});
