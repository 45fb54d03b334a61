import { z } from 'zod';
import { sitePathSchema as sitePath } from './link';

export { linkSchema, type NavLink } from './link';

export const BRAND_IDS = ['vanityfair', 'everwear', 'rallyathletic', 'hoopcraft'] as const;
export type BrandId = (typeof BRAND_IDS)[number];
export const brandIdSchema = z.enum(BRAND_IDS);

const colour = z.string().regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, { message: 'Expected a hex colour such as #1a2b3c' });
const cssLength = z
  .string()
  .regex(/^\d+(?:\.\d+)?(?:px|rem|em|%)$|^0$/, { message: 'Expected a CSS length such as 4px or 0.5rem' });

/** A CSS font-family list: names, quotes, commas and spaces only (it is inlined into the page's <style>). */
const fontStack = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9 ,'"-]+$/, { message: "Expected a font-family list such as 'Jost Variable', Arial, sans-serif" });
/** Letter spacing in em, such as 0.08em or -0.01em. */
const tracking = z
  .string()
  .regex(/^-?(?:0|\d?\.\d{1,3})em$|^0$/, { message: 'Expected a letter spacing such as 0.08em or -0.01em' });
const fontWeight = z.number().int().min(100).max(900).multipleOf(100);
const letterCase = z.enum(['none', 'uppercase']);

/**
 * A self-hosted font file (ADR 0019): a woff2 file of an installed font package, served by the
 * gateway at /brand/fonts/{file name}, used with font-display: optional so it never moves the page.
 */
export const brandFontFaceSchema = z.strictObject({
  family: z.string().regex(/^[A-Za-z][A-Za-z0-9 ]{0,59}$/, { message: 'Expected a family name such as Jost Variable' }),
  file: z.string().regex(/^@fontsource(?:-variable)?\/[a-z0-9-]+\/files\/[a-z0-9-]+\.woff2$/, {
    message:
      'Expected a woff2 file of a Fontsource package such as @fontsource-variable/jost/files/jost-latin-wght-normal.woff2',
  }),
  /** One weight, or the range of a variable font ("300 700"). */
  weight: z
    .string()
    .regex(/^[1-9]00(?: [1-9]00)?$/, { message: 'Expected a weight such as 400 or a range such as 300 700' }),
  style: z.enum(['normal', 'italic']),
  /** Fetched with the page's first bytes: only what the first screen shows, at most two per brand. */
  preload: z.boolean(),
});
export type BrandFontFace = z.infer<typeof brandFontFaceSchema>;

export const themeSchema = z.strictObject({
  colors: z.strictObject({
    primary: colour,
    onPrimary: colour,
    accent: colour,
    background: colour,
    surface: colour,
    text: colour,
    muted: colour,
    /** Hairlines and card outlines (decorative: form controls keep the muted colour, 3:1 on the surface). */
    border: colour,
    error: colour,
    headerBackground: colour,
    headerText: colour,
    footerBackground: colour,
    footerText: colour,
  }),
  fonts: z.strictObject({
    body: fontStack,
    heading: fontStack,
    faces: z
      .array(brandFontFaceSchema)
      .max(4)
      .refine((faces) => faces.filter((face) => face.preload).length <= 2, {
        message: 'Preload at most two font files',
      }),
  }),
  radii: z.strictObject({
    small: cssLength,
    medium: cssLength,
    large: cssLength,
  }),
  /** Typography: a modular scale from the body size, and how headings and labels are set. */
  type: z.strictObject({
    /** Body text in px; every heading size follows from it and `scale`. */
    baseSize: z.number().int().min(14).max(20),
    /** Ratio between two heading steps: 1.2 is quiet, 1.333 is bold. */
    scale: z.number().min(1.1).max(1.5),
    lineHeight: z.number().min(1.3).max(1.8),
    bodyWeight: fontWeight,
    headingWeight: fontWeight,
    headingCase: letterCase,
    headingTracking: tracking,
    headingLineHeight: z.number().min(0.9).max(1.4),
    /** Navigation, buttons, eyebrows and small labels. */
    labelCase: letterCase,
    labelTracking: tracking,
  }),
  /** How much room everything gets: paddings, gaps, the height of controls. */
  density: z.enum(['compact', 'regular', 'airy']),
  /** The brand's detail under the header and section headings: none, a hairline, or a bar of the accent colour. */
  ornament: z.enum(['none', 'hairline', 'bar']),
  card: z.strictObject({
    /** plain: no frame; outlined: a hairline; elevated: a soft shadow; filled: the surface colour. */
    style: z.enum(['plain', 'outlined', 'elevated', 'filled']),
    radius: z.enum(['none', 'small', 'medium', 'large']),
    /** Behind product images (they are multiplied onto it, so it tints their light backdrop). */
    imageBackground: colour,
    align: z.enum(['start', 'center']),
  }),
  button: z.strictObject({
    shape: z.enum(['square', 'rounded', 'pill']),
    case: letterCase,
    tracking,
    weight: fontWeight,
  }),
  /** The home page's hero: where its art goes and how far it reaches. */
  hero: z.strictObject({
    /** split: text beside the art; overlay: text over the art; banner: a band of colour with the art as a texture. */
    layout: z.enum(['split', 'overlay', 'banner']),
    artSide: z.enum(['start', 'end']),
    /** The brand's motif, drawn in its colours. */
    art: z.enum(['arcs', 'pebbles', 'stripes', 'court']),
    /** From edge to edge of the window, instead of inside the page's column. */
    fullBleed: z.boolean(),
    align: z.enum(['start', 'center']),
  }),
});
export type Theme = z.infer<typeof themeSchema>;

export const routingSchema = z.strictObject({
  /** Where the home page lives; `/rr` for the rallyathletic variant. */
  homePath: sitePath,
  /** Prefix of product pages: `/p` by default, `/rr/p` for the variant. */
  productBasePath: sitePath,
});
export type Routing = z.infer<typeof routingSchema>;

/** The part of a brand's merged config that the browser receives. */
export const brandPublicConfigSchema = z.strictObject({
  id: brandIdSchema,
  name: z.string().min(1).max(60),
  tagline: z.string().max(120),
  category: z.string().max(80),
  locale: z.literal('en-US'),
  currency: z.literal('USD'),
  theme: themeSchema,
  logo: z.strictObject({
    alt: z.string().min(1),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  }),
  routing: routingSchema,
  /** Brand-only landing pages owned by the content remote (e.g. /bras on the lingerie brand). */
  landingPages: z.array(sitePath).max(30),
  /** Brand landing pages that show a category listing (the lingerie sitemap's /bras, /panties ...). */
  categoryLandingPages: z.array(sitePath).max(30),
  /** Up to three content tiles placed in product listings (SPEC §9). */
  listingTiles: z
    .array(z.strictObject({ title: z.string().min(1).max(60), text: z.string().max(160), href: sitePath }))
    .max(3),
  /** Pages that use the alternative (transparent, over-hero) header style. */
  altHeaderPaths: z.array(sitePath).max(30),
  customerService: z.strictObject({ hours: z.string().max(80), phone: z.string().max(30) }),
  /** The brand's own order numbers start with these two capitals (VF, EW, ...), then ORDER_NUMBER_DIGITS digits. */
  orderNumberPrefix: z.string().regex(/^[A-Z]{2}$/, { message: 'Expected 2 capital letters such as VF' }),
});
export type BrandPublicConfig = z.infer<typeof brandPublicConfigSchema>;

export type FlagValue = boolean | string | number;
export type FlagValues = Record<string, FlagValue>;

/** GET /api/brand and the config the gateway inlines into every page. */
export interface ShellBootConfig {
  brand: BrandPublicConfig;
  flags: FlagValues;
  remotes: import('./remotes').RemoteRegistry['remotes'];
  environment: string;
  /** The brand's canonical public origin (brand config): canonical links and shared URLs use it. */
  origin: string;
  /** Header nav and footer from the brand's content (GET /api/content/nav and /footer). */
  chrome: import('./content').ChromeContent;
  /** The request's effective privacy consent (GPC applied): the shell tracks nothing without analytics. */
  consent?: import('./privacy').PrivacyPreferences;
}
