import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { remoteNameSchema } from '@shop/contracts';
import { z } from 'zod';
import { versionSchema } from './remote-store';

/** What a registry entry served, before or after a change. */
export const servedSchema = z.object({
  live: versionSchema.optional(),
  canary: z.object({ version: versionSchema, percent: z.number().int() }).optional(),
});

export const auditRecordSchema = z.object({
  /** The registry version the change produced. */
  registryVersion: z.number().int(),
  at: z.iso.datetime(),
  actor: z.string(),
  scope: z.string(),
  remote: remoteNameSchema,
  action: z.enum(['release', 'canary', 'promote', 'abort-canary', 'rollback', 'follow-global']),
  old: servedSchema,
  new: servedSchema,
  reason: z.string(),
});
export type RegistryAuditRecord = z.infer<typeof auditRecordSchema>;

/**
 * The registry's audit: one JSON line per change, appended and never rewritten. Nothing in the
 * code edits or deletes a line; a line cut short by a crash is skipped when read.
 */
export class RegistryAudit {
  constructor(readonly path: string) {}

  append(record: RegistryAuditRecord): void {
    mkdirSync(dirname(this.path), { recursive: true });
    appendFileSync(this.path, `${JSON.stringify(auditRecordSchema.parse(record))}\n`);
  }

  /** Newest first. */
  read(keep: (record: RegistryAuditRecord) => boolean = () => true, limit = 500): RegistryAuditRecord[] {
    if (!existsSync(this.path)) return [];
    const records: RegistryAuditRecord[] = [];
    for (const line of readFileSync(this.path, 'utf8').split('\n').reverse()) {
      if (records.length >= limit) break;
      const record = parseLine(line);
      if (record && keep(record)) records.push(record);
    }
    return records;
  }
}

function parseLine(line: string): RegistryAuditRecord | undefined {
  if (!line.trim()) return undefined;
  try {
    const parsed = auditRecordSchema.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
