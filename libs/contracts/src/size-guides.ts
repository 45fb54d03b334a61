import { z } from 'zod';
import { FILTER_NAMES } from './catalog-constants';
import { checkSizeGuide, checkSizeTable } from './size-guide-checks';
import { FINDER_PLACEHOLDERS, SIZE_UNITS } from './size-guide-constants';

export { FINDER_PLACEHOLDERS, SIZE_UNITS } from './size-guide-constants';
export type { SizeUnit } from './size-guide-constants';

/*
 * Size guides and the fit finder: the tables a brand's content holds under
 * brands/sites/{brand}/content/size-guides/{slug}.json (or a headless CMS), validated on load.
 * A guide is a page of tables; a finder computes a size from a shopper's measurements against
 * one or more of its guide's tables and links to the category filtered by that size.
 */

const text = (max: number) => z.string().trim().min(1).max(max);
const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: 'Expected a kebab-case slug' })
  .max(60);
/** Column and input keys are also URL parameters of the fit finder, beside `kind` and `unit`. */
const key = z
  .string()
  .regex(/^[a-z][a-zA-Z0-9]{0,29}$/, { message: 'Expected a camelCase key such as chest or footLength' })
  .refine((value) => value !== 'kind' && value !== 'unit', { message: '"kind" and "unit" are reserved' });
const measure = z.number().min(0).max(1000);

/** [min, max] in the column's unit; a null max is open-ended ("15+"). */
export const sizeRangeSchema = z
  .tuple([measure, measure.nullable()])
  .refine(([min, max]) => max === null || min <= max, {
    message: 'A range runs from its smaller number to its larger',
  });
export const sizeCellSchema = z.union([text(60), measure, sizeRangeSchema]);

export const sizeColumnSchema = z.strictObject({
  key,
  label: text(40),
  /** Inches and feet are shown in centimetres and metres on request; years and plain numbers never change. */
  unit: z.enum(SIZE_UNITS).optional(),
});

const sizeTableShape = z.strictObject({
  id: slug,
  caption: text(120),
  /** The first column heads each row: the size (or rim height) the row describes. */
  columns: z.array(sizeColumnSchema).min(2).max(6),
  rows: z.array(z.record(key, sizeCellSchema)).min(1).max(40),
  note: text(300).optional(),
});
export const sizeTableSchema = sizeTableShape.superRefine((table, ctx) => checkSizeTable(table, ctx));

const template = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((value) => [...value.matchAll(/\{(\w+)\}/g)].every(([, name]) => FINDER_PLACEHOLDERS.includes(name)), {
      message: `Placeholders are ${FINDER_PLACEHOLDERS.map((name) => `{${name}}`).join(', ')}`,
    });
const filterValue = template(60).refine((value) => /\{\w+\}/.test(value), {
  message: 'A filter value names the size, e.g. "{size}" or "{size} full"',
});

export const fitShopLinkSchema = z.strictObject({
  /** The link's text: "Shop men's tees in {size}"; without filters just "Shop hoops". */
  label: template(80),
  /** Category path as in /c/{path}, e.g. men/men-tees. */
  category: z
    .string()
    .regex(/^[a-z0-9-]{1,80}(?:\/[a-z0-9-]{1,80}){0,3}$/, { message: 'Expected a category path such as men/men-tees' }),
  /** Listing filters and their values, e.g. { "size": ["{size} 7/8", "{size} full"] }. */
  filters: z.partialRecord(z.enum(FILTER_NAMES), z.array(filterValue).min(1).max(4)).optional(),
  /** The sizes this category sells, when fewer than the table's (hoodies start at S). */
  sizes: z.array(text(30)).min(1).max(40).optional(),
});

export const fitInputSchema = z.strictObject({
  /** The table column this measurement is compared with. */
  key,
  label: text(40),
  hint: text(160).optional(),
});

const finderFields = {
  /** Unique per brand: the finder's `?kind=` on /find-your-fit. */
  id: slug,
  label: text(40),
  inputs: z.array(fitInputSchema).min(1).max(3),
  /** "Your size is {size}." */
  result: template(80).refine((value) => value.includes('{size}'), { message: 'The result names the {size}' }),
  /** Shown with every result, e.g. which ball women's leagues use. */
  note: text(240).optional(),
  /** Said when a measurement is below the smallest size (or above the largest) instead of the default. */
  belowRange: text(240).optional(),
  aboveRange: text(240).optional(),
  shop: z.array(fitShopLinkSchema).max(3),
};

/**
 * `ranges`: each table gives the row whose ranges hold the measurements (the largest when they
 * disagree); several tables give a joined size (pants: waist `x` length). `band-cup`: a bra's band
 * from the underbust (rounded, odd numbers up) and its cup from the bust's difference from it,
 * against a band table and a cup table.
 */
export const fitFinderSchema = z.discriminatedUnion('method', [
  z.strictObject({
    method: z.literal('ranges'),
    ...finderFields,
    tables: z.array(slug).min(1).max(3),
    join: z.string().max(3).optional(),
  }),
  z.strictObject({ method: z.literal('band-cup'), ...finderFields, tables: z.tuple([slug, slug]) }),
]);

const sizeGuideShape = z.strictObject({
  /** The page's heading: "Bra size guide". */
  title: text(80),
  description: text(240),
  /** Place in the brand's list of guides, smallest first. */
  order: z.number().int().min(0).max(999),
  /** Other slugs that open this guide (older links). */
  aliases: z.array(slug).max(5).optional(),
  /**
   * The categories (slugs) whose products this guide sizes: a product page links to the guide of
   * the nearest of its categories (its own, then its parents'). A product none names links to none.
   */
  categories: z.array(slug).min(1).max(20).optional(),
  measuring: z.strictObject({ title: text(60), steps: z.array(text(300)).min(1).max(8) }),
  tables: z.array(sizeTableSchema).min(1).max(8),
  tips: z.array(text(300)).max(6).optional(),
  finders: z.array(fitFinderSchema).max(8).optional(),
});
export const sizeGuideContentSchema = sizeGuideShape.superRefine((guide, ctx) => checkSizeGuide(guide, ctx));

export type SizeRange = z.infer<typeof sizeRangeSchema>;
export type SizeCell = z.infer<typeof sizeCellSchema>;
export type SizeColumn = z.infer<typeof sizeColumnSchema>;
export type SizeTable = z.infer<typeof sizeTableShape>;
export type FitShopLink = z.infer<typeof fitShopLinkSchema>;
export type FitInput = z.infer<typeof fitInputSchema>;
export type FitFinder = z.infer<typeof fitFinderSchema>;
export type SizeGuideContent = z.infer<typeof sizeGuideShape>;
/** A guide as a brand holds it: its content and the slug its file is named by. */
export type SizeGuide = SizeGuideContent & { slug: string };

export interface SizeGuideSummary {
  slug: string;
  title: string;
  description: string;
}

/** GET /api/content/size-guides: the brand's guides, in order. */
export interface SizeGuideListDocument {
  type: 'size-guide-list';
  guides: SizeGuideSummary[];
  /** Whether any guide has a fit finder, so /find-your-fit exists. */
  fitFinder: boolean;
}

/** GET /api/content/size-guide/{slug or alias}: one guide, under its own slug. */
export type SizeGuideDocument = SizeGuide & { type: 'size-guide' };

/** A finder with the tables it reads and the guide it belongs to. */
export type FitFinderEntry = FitFinder & { guide: SizeGuideSummary; sizeTables: SizeTable[] };

/** GET /api/content/fit-finder: every finder of the brand's guides, in guide order. */
export interface FitFinderDocument {
  type: 'fit-finder';
  finders: FitFinderEntry[];
}
