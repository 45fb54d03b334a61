import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  type Article,
  CUSTOMER_SERVICE_TOPICS,
  type CustomerServiceTopic,
  type EmailContent,
  type FooterContent,
  type HomeContent,
  type NavContent,
  type PageDocument,
  SNIPPET_PATHS,
  type SnippetPath,
  type SnippetsContent,
  type SizeGuide,
  articleFrontMatterSchema,
  emailContentSchema,
  footerContentSchema,
  homeContentSchema,
  learnContentSchema,
  navContentSchema,
  pageFrontMatterSchema,
  snippetsContentSchema,
} from '@shop/contracts';
import type { z } from 'zod';
import { type JsonObject, mergeWithProvenance } from '../deep-merge';
import { BrandConfigError, blame, parseOrThrow, readJsonObject } from '../errors';
import type { BrandConfig } from '../schema';
import { splitFrontMatter } from './front-matter';
import { renderMarkdown } from './markdown';
import { assembleSizeGuides, missingFitPage } from './size-guides';

/** Everything one brand's content holds, validated and rendered. */
export interface BrandContent {
  home: HomeContent;
  /** Home variants by path, e.g. `/rr` on the rallyathletic brand. */
  homeVariants: Record<string, HomeContent>;
  nav: NavContent;
  footer: FooterContent;
  learn: z.infer<typeof learnContentSchema>;
  email: EmailContent;
  snippets: Record<SnippetPath, SnippetsContent>;
  /** Newest first. */
  articles: Article[];
  pages: Record<CustomerServiceTopic, Omit<PageDocument, 'type'>>;
  /** Size guides and their fit finders, in the brand's order. */
  sizeGuides: SizeGuide[];
}

const SLUG_FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.md$/;
const SLUG_JSON = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.json$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** One unvalidated piece of content and a way to name where a key of it came from. */
export interface RawEntry<T> {
  value: T;
  origin: (key: string) => string;
}

/** A brand's content before validation: JSON documents, customer-service pages and articles as Markdown. */
export interface RawBrandContent {
  documents: Record<string, RawEntry<unknown>>;
  pages: Record<string, RawEntry<string>>;
  articles: Record<string, RawEntry<string>>;
  /** One JSON document per size guide, by slug; a brand without any has no guides or fit finder. */
  sizeGuides: Record<string, RawEntry<unknown>>;
}

/** The names of the JSON documents a brand needs. */
export const documentNames = (brand: BrandConfig) => [
  'home',
  ...(brand.routing.homePath !== '/' ? [homeFileName(brand.routing.homePath)] : []),
  'nav',
  'footer',
  'learn',
  'email',
  ...SNIPPET_PATHS,
];

/**
 * Reads a brand's content folder: JSON documents merge global -> site like the config does,
 * Markdown pages of the site replace the global ones of the same name, articles belong to the site.
 */
export function readBrandContentFiles(brandsDir: string, brand: BrandConfig): RawBrandContent {
  const shown = (file: string) => relative(join(brandsDir, '..'), file) || file;
  const globalDir = join(brandsDir, 'global', 'content');
  const siteDir = join(brandsDir, 'sites', brand.id, 'content');
  const raw: RawBrandContent = { documents: {}, pages: {}, articles: {}, sizeGuides: {} };
  for (const name of documentNames(brand)) {
    const layers = [join(globalDir, `${name}.json`), join(siteDir, `${name}.json`)].filter((file) => existsSync(file));
    if (layers.length === 0)
      throw new BrandConfigError(shown(join(siteDir, `${name}.json`)), '(file)', 'file is missing');
    const merged: JsonObject = {};
    const provenance = new Map<string, string>();
    for (const file of layers) mergeWithProvenance(merged, readJsonObject(file, shown(file)), shown(file), provenance);
    raw.documents[name] = { value: merged, origin: (key) => blame(key, provenance, shown(layers[layers.length - 1])) };
  }
  for (const topic of CUSTOMER_SERVICE_TOPICS) {
    const file = [
      join(siteDir, 'customer-service', `${topic}.md`),
      join(globalDir, 'customer-service', `${topic}.md`),
    ].find(existsSync);
    if (!file)
      throw new BrandConfigError(
        shown(join(globalDir, 'customer-service', `${topic}.md`)),
        '(file)',
        'file is missing',
      );
    raw.pages[topic] = { value: readFileSync(file, 'utf8'), origin: () => shown(file) };
  }
  const articlesDir = join(siteDir, 'articles');
  for (const name of existsSync(articlesDir) ? readdirSync(articlesDir).sort() : []) {
    const file = join(articlesDir, name);
    const match = SLUG_FILE.exec(name);
    if (!match) throw new BrandConfigError(shown(file), '(file)', 'article files are named <kebab-case-slug>.md');
    raw.articles[match[1]] = { value: readFileSync(file, 'utf8'), origin: () => shown(file) };
  }
  const guidesDir = join(siteDir, 'size-guides');
  for (const name of existsSync(guidesDir) ? readdirSync(guidesDir).sort() : []) {
    const file = join(guidesDir, name);
    const match = SLUG_JSON.exec(name);
    if (!match) throw new BrandConfigError(shown(file), '(file)', 'size guides are named <kebab-case-slug>.json');
    raw.sizeGuides[match[1]] = { value: readJsonObject(file, shown(file)), origin: () => shown(file) };
  }
  return raw;
}

/** Reads and validates a brand's content folder; a broken file stops the load, naming the file and key. */
export function loadBrandContent(brandsDir: string, brand: BrandConfig): BrandContent {
  return assembleBrandContent(readBrandContentFiles(brandsDir, brand), brand);
}

/** Validates raw content (from files or a headless CMS) and renders its Markdown. */
export function assembleBrandContent(raw: RawBrandContent, brand: BrandConfig): BrandContent {
  const placeholders: Record<string, string> = {
    brandName: brand.name,
    serviceHours: brand.customerService.hours,
    servicePhone: brand.customerService.phone,
    orderNumberPrefix: brand.orderNumberPrefix,
  };
  const json = <T>(name: string, schema: z.ZodType<T>): T => {
    const entry = raw.documents[name];
    if (!entry) throw new BrandConfigError(`${name}.json`, '(file)', 'document is missing');
    return parseOrThrow(schema, entry.value, entry.origin);
  };
  const sizeGuides = assembleSizeGuides(raw.sizeGuides);
  const checkFitLinks = (links: string[], display: string) => {
    const missing = missingFitPage(links, sizeGuides);
    if (missing) throw new BrandConfigError(display, 'body', `links to ${missing}, which this brand does not have`);
  };
  const homeVariants: Record<string, HomeContent> = {};
  if (brand.routing.homePath !== '/')
    homeVariants[brand.routing.homePath] = json(homeFileName(brand.routing.homePath), homeContentSchema);

  const pages = {} as BrandContent['pages'];
  for (const topic of CUSTOMER_SERVICE_TOPICS) {
    const entry = raw.pages[topic];
    if (!entry) throw new BrandConfigError(`customer-service/${topic}.md`, '(file)', 'page is missing');
    const { data, body } = markdownFile(entry.value, entry.origin(''), placeholders);
    const front = parseOrThrow(pageFrontMatterSchema, data, entry.origin);
    const rendered = rendering(() => renderMarkdown(body), entry.origin(''));
    checkFitLinks(rendered.links, entry.origin(''));
    pages[topic] = {
      topic,
      ...front,
      html: rendered.html,
      intro: rendered.intro,
      sections: rendered.sections,
      hours: brand.customerService.hours,
      phone: brand.customerService.phone,
    };
  }

  return {
    home: json('home', homeContentSchema),
    homeVariants,
    nav: json('nav', navContentSchema),
    footer: json('footer', footerContentSchema),
    learn: json('learn', learnContentSchema),
    email: json('email', emailContentSchema),
    snippets: Object.fromEntries(
      SNIPPET_PATHS.map((path) => [path, json(path, snippetsContentSchema)]),
    ) as BrandContent['snippets'],
    articles: assembleArticles(raw.articles, placeholders, checkFitLinks),
    pages,
    sizeGuides,
  };
}

/** The content file of a home variant: `/rr` -> home-rr. */
export const homeFileName = (path: string) => `home${path.replace(/\/+$/, '').replace(/\//g, '-')}`;

function assembleArticles(
  entries: RawBrandContent['articles'],
  placeholders: Record<string, string>,
  checkLinks: (links: string[], display: string) => void,
): Article[] {
  const articles: Article[] = [];
  for (const [slug, entry] of Object.entries(entries)) {
    if (!SLUG.test(slug)) throw new BrandConfigError(entry.origin(''), '(file)', `"${slug}" is not a kebab-case slug`);
    const { data, body } = markdownFile(entry.value, entry.origin(''), placeholders);
    const front = parseOrThrow(articleFrontMatterSchema, data, entry.origin);
    const rendered = rendering(() => renderMarkdown(body), entry.origin(''));
    checkLinks(rendered.links, entry.origin(''));
    articles.push({
      slug,
      ...front,
      readingMinutes: rendered.readingMinutes,
      html: rendered.html,
      text: rendered.text,
      links: rendered.links
        .map((href) => /^\/learn\/([a-z0-9-]+)/.exec(href)?.[1])
        .filter((target): target is string => !!target),
    });
  }
  for (const article of articles) {
    const broken = article.links.find((target) => !Object.hasOwn(entries, target));
    if (broken)
      throw new BrandConfigError(
        entries[article.slug].origin(''),
        'body',
        `links to /learn/${broken}, which does not exist`,
      );
  }
  return articles.sort((a, b) => b.published.localeCompare(a.published) || a.slug.localeCompare(b.slug));
}

function markdownFile(text: string, display: string, placeholders: Record<string, string>) {
  const source = text.replace(/\{\{\s*([A-Za-z]+)\s*\}\}/g, (_all, key: string) => {
    if (!Object.hasOwn(placeholders, key))
      throw new BrandConfigError(display, 'body', `unknown placeholder {{${key}}}`);
    return placeholders[key];
  });
  try {
    return splitFrontMatter(source);
  } catch (error) {
    throw new BrandConfigError(display, '(front matter)', (error as Error).message);
  }
}

function rendering<T>(render: () => T, display: string): T {
  try {
    return render();
  } catch (error) {
    throw new BrandConfigError(display, 'body', (error as Error).message);
  }
}
