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

export const themeSchema = z.strictObject({
  colors: z.strictObject({
    primary: colour,
    onPrimary: colour,
    accent: colour,
    background: colour,
    surface: colour,
    text: colour,
    muted: colour,
    headerBackground: colour,
    headerText: colour,
    footerBackground: colour,
    footerText: colour,
  }),
  fonts: z.strictObject({
    body: z.string().min(1).max(200),
    heading: z.string().min(1).max(200),
  }),
  radii: z.strictObject({
    small: cssLength,
    medium: cssLength,
    large: cssLength,
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
