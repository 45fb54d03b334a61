import { brandIdSchema, remoteNameSchema } from '@shop/contracts';
import { z } from 'zod';
import { versionSchema } from './remote-store';

/** `*` applies to every brand; a brand's own entry wins over it. */
export const scopeSchema = z.union([z.literal('*'), brandIdSchema]);
export type RegistryScope = z.infer<typeof scopeSchema>;

export const canarySchema = z.object({
  version: versionSchema,
  /** The share of a brand's shoppers (1-99) who get this version instead of the live one. */
  percent: z.number().int().min(1).max(99),
  startedAt: z.iso.datetime(),
});
export type Canary = z.infer<typeof canarySchema>;

export const entrySchema = z.object({
  /** Absent on a brand entry that only holds a canary: the brand follows the global live version. */
  live: versionSchema.optional(),
  /** Earlier live versions, newest last, for rollback. */
  history: z.array(versionSchema).max(50),
  /** Only on a brand's entry. */
  canary: canarySchema.optional(),
  updatedAt: z.iso.datetime(),
});
export type RegistryEntry = z.infer<typeof entrySchema>;

export const registrySchema = z.object({
  /** Goes up by one with every change; a change decided on an older one is refused. */
  version: z.number().int().min(0).default(0),
  scopes: z.partialRecord(scopeSchema, z.partialRecord(remoteNameSchema, entrySchema)),
});
export type Registry = z.infer<typeof registrySchema>;

export const emptyRegistry = (): Registry => ({ version: 0, scopes: {} });
