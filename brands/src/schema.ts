import { brandPublicConfigSchema, remoteNameSchema } from '@shop/contracts';
import { z } from 'zod';

const hostname = z
  .string()
  .regex(/^(?=.{1,253}$)[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?$/, { message: 'Expected a lower-case host name' });

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
