import { brandPublicConfigSchema, remoteNameSchema } from '@shop/contracts';
import { z } from 'zod';

const hostname = z
  .string()
  .regex(/^(?=.{1,253}$)[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?$/, { message: 'Expected a lower-case host name' });

const publicOrigin = z.url({ protocol: /^https?$/ }).refine((url) => new URL(url).origin === url, {
  message: 'Expected an origin such as https://www.example.com (no path or trailing slash)',
});

const salesforceId = (prefix: string) =>
  z.string().regex(new RegExp(`^${prefix}[A-Za-z0-9]{12}(?:[A-Za-z0-9]{3})?$`), {
    message: `Expected a Salesforce id starting with ${prefix}`,
  });
const crmPath = z.string().regex(/^\/[A-Za-z0-9._~/-]*(?:\?[A-Za-z0-9._~=&-]*)?$/, {
  message: 'Expected a path on CRM_URL such as /servlet/servlet.WebToCase?encoding=UTF-8',
});
const crmValue = z.string().min(1).max(80);

/**
 * SPEC §3 web-to-case and lead (web-to-lead) settings, sent to the CRM with every record; one
 * org takes both, so leads use the web-to-case org id. Server-only.
 */
const crmSchema = z.strictObject({
  webToCase: z.strictObject({
    orgId: salesforceId('00D'),
    recordTypeId: salesforceId('012'),
    /** Where the contact form posts, relative to CRM_URL. */
    action: crmPath,
    team: crmValue,
    division: crmValue,
    origin: crmValue,
    type: crmValue,
    website: z.url({ protocol: /^https$/ }),
    /** Where the satisfaction survey posts its case, relative to CRM_URL. */
    satisfactionAction: crmPath,
  }),
  lead: z.strictObject({
    configPageName: z.string().regex(/^[a-z0-9-]{1,60}$/, { message: 'Expected a page name such as email-signup' }),
    /** Salesforce requires a last name; signups that give none send this. */
    lastNamePlaceholder: crmValue,
    source: crmValue,
    /** The brand's opt-in checkbox; the CRM field is `<optInKey>__c`. */
    optInKey: z
      .string()
      .regex(/^[a-z][a-z0-9_]{0,34}_optin$/, { message: 'Expected a key such as vanityfair_email_optin' }),
    /** Brand prefix of the signup welcome codes (SPEC §9: brand-prefixed WELCOME-{month}{day}-{random}). */
    codePrefix: z.string().regex(/^[A-Z]{2,4}$/, { message: 'Expected 2-4 capital letters such as VF' }),
  }),
});

/** A brand's fully merged config: the public part plus what only the gateway sees. */
export const brandConfigSchema = brandPublicConfigSchema.extend({
  remotes: z.strictObject({
    /** Where versioned remote builds are served from: a path on the gateway or a CDN origin. */
    baseUrl: z.union([
      z.string().regex(/^\/[a-z0-9\-/]*[a-z0-9]$/, { message: 'Expected a path such as /remotes or an https URL' }),
      z.url({ protocol: /^https?$/ }),
    ]),
    /** Versions pinned by config; the runtime registry overrides these. */
    pinned: z.partialRecord(remoteNameSchema, z.string().regex(/^[0-9A-Za-z.+-]{1,80}$/)),
  }),
  /** Extra host names that select this brand besides {brand}.localhost. */
  hosts: z.array(hostname).max(20),
  /**
   * The brand's public origins, the first one canonical: mails, redirects and canonical links
   * use them, never the request's Host. Without them: http://{brand}.localhost:{PORT} (and
   * http://localhost:{PORT} for the default brand). Outside development and test a request for
   * any other origin is refused.
   */
  origins: z.array(publicOrigin).min(1).max(10).optional(),
  crm: crmSchema,
  /**
   * Product search: groups of single words shoppers of this brand use alike ("hoop", "rim"). A
   * search that finds nothing is asked again with a word swapped for the others of its group.
   */
  search: z
    .strictObject({
      synonyms: z
        .array(
          z
            .array(
              z
                .string()
                .regex(
                  /^(?=.{2,30}$)[a-z0-9]+(-[a-z0-9]+)*$/,
                  'a synonym is one lower-case word of 2 to 30 letters or digits (hyphens inside allowed)',
                ),
            )
            .min(2)
            .max(20),
        )
        .max(100),
    })
    .optional(),
  /**
   * Promotions. A bag takes one shopper-entered code; a second is refused as not combinable
   * unless both codes are listed here (the brand's fixed codes, upper case). Welcome and
   * ID-verification codes never combine. Server-only.
   */
  promotions: z
    .strictObject({
      combinableCodes: z
        .array(z.string().regex(/^[A-Z0-9_-]{1,64}$/, 'Expected a code in upper case such as VANITYFAIR10'))
        .max(50),
    })
    .optional(),
  /** Where returns go (the return label's "ship to"). Server-only; without it the brand takes no returns online. */
  returnsCentre: z
    .strictObject({
      name: z.string().min(1).max(100),
      line1: z.string().min(1).max(100),
      line2: z.string().min(1).max(100).optional(),
      city: z.string().min(1).max(60),
      state: z.string().regex(/^[A-Z]{2}$/),
      postalCode: z.string().regex(/^\d{5}(-\d{4})?$/),
    })
    .optional(),
});
export type BrandConfig = z.infer<typeof brandConfigSchema>;

const variantValue = z.union([z.boolean(), z.string().max(200), z.number().finite()]);

/** flagd flag definitions (https://flagd.dev/reference/flag-definitions/), the subset we evaluate. */
export const flagDefinitionsSchema = z.object({
  $schema: z.string().optional(),
  flags: z.record(
    z.string().regex(/^[a-zA-Z][a-zA-Z0-9_-]{0,63}$/, { message: 'Expected a flag key such as guestOrdering' }),
    z
      .strictObject({
        state: z.enum(['ENABLED', 'DISABLED']),
        variants: z.record(z.string().min(1).max(64), variantValue),
        defaultVariant: z.string(),
        metadata: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
      })
      .refine((flag) => Object.hasOwn(flag.variants, flag.defaultVariant), {
        message: 'defaultVariant must name one of the variants',
        path: ['defaultVariant'],
      }),
  ),
});
export type FlagDefinitions = z.infer<typeof flagDefinitionsSchema>;
