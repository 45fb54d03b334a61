import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '@shop/node-kit';
import type { Db } from '@shop/node-kit/db';
import { withFileLock } from './file-lock';
import { JsonFile } from './json-file';
import { RegistryAudit, type RegistryAuditRecord, auditRecordSchema } from './registry-audit';
import { type Registry, emptyRegistry, registrySchema } from './registry-schema';

/** A change worked out on the stored registry: what to write, and its audit record. */
export type RegistryUpdate = { written: Registry; record: RegistryAuditRecord } | undefined;

/** Where the remote registry and its audit are kept. */
export interface RegistryBackend {
  /** The registry as last read; synchronous, as every page asks. */
  current(): Registry;
  /** Audit records that `keep` accepts, newest first, at most `limit`. */
  audit(keep: (record: RegistryAuditRecord) => boolean, limit?: number): RegistryAuditRecord[];
  /**
   * Decides a change on the registry as stored (not the copy in memory) while no other writer can
   * change it, then stores the audit record and the registry together. Answers the record, or
   * undefined when `decide` found nothing to do.
   */
  change(decide: (stored: Registry) => RegistryUpdate): Promise<RegistryAuditRecord | undefined>;
}

/**
 * One host: `registry.json` (re-read when its mtime changes), and `registry-audit.jsonl`
 * appended first, so a change may fail to land but none lands unrecorded. Gateways on one host
 * share the folder under a file lock.
 */
export function fileRegistryBackend(dataDir: string): RegistryBackend {
  const file = new JsonFile(join(dataDir, 'registry.json'), registrySchema, emptyRegistry);
  const log = new RegistryAudit(join(dataDir, 'registry-audit.jsonl'));
  const readFresh = () =>
    existsSync(file.path) ? registrySchema.parse(JSON.parse(readFileSync(file.path, 'utf8'))) : emptyRegistry();
  return {
    current: () => file.read(),
    audit: (keep, limit) => log.read(keep, limit),
    change: async (decide) =>
      withFileLock(file.path, () => {
        const update = decide(readFresh());
        if (!update) return undefined;
        log.append(update.record);
        file.write(update.written);
        return update.record;
      }),
  };
}

export interface PostgresRegistryBackend extends RegistryBackend {
  /** Reads the stored registry again if another instance changed it. */
  refresh(): Promise<void>;
  /** Stops the periodic refresh. */
  close(): void;
}

/**
 * Every gateway's registry on PostgreSQL (`gateway_remote_registry`, one row, and its audit
 * table, written in one transaction with the row locked). Each instance keeps a copy in memory,
 * loaded before it serves and read again every `refreshMs` when the stored version moved, so a
 * release through one gateway reaches every page within about that long.
 */
export async function postgresRegistryBackend(
  db: Db,
  logger: Logger,
  {
    refreshMs = 1000,
    beforeChange,
  }: {
    refreshMs?: number;
    /**
     * Awaited before a registry changed elsewhere is taken up: the published builds are copied
     * in first, so no instance names a version it cannot serve yet (a version is published before
     * it is released, so a look at the builds after the registry was read finds it).
     */
    beforeChange?: () => Promise<void>;
  } = {},
): Promise<PostgresRegistryBackend> {
  let registry = emptyRegistry();
  // Newest first; the audit grows by one row per change, a few a day.
  let records: RegistryAuditRecord[] = [];

  const readRow = async (tx: Pick<Db, 'query'>, lock: boolean) => {
    const [row] = await tx.query<{ version: number; scopes: unknown }>(
      `SELECT version, scopes FROM gateway_remote_registry WHERE id = 1${lock ? ' FOR UPDATE' : ''}`,
    );
    return registrySchema.parse({ version: row.version, scopes: row.scopes });
  };
  const refresh = async () => {
    const stored = await readRow(db, false);
    if (stored.version === registry.version) return;
    await beforeChange?.();
    const newer = await db.query<{ record: unknown }>(
      'SELECT record FROM gateway_remote_registry_audit WHERE registry_version > $1 ORDER BY registry_version DESC',
      [records[0]?.registryVersion ?? 0],
    );
    records = [...newer.map((row) => auditRecordSchema.parse(row.record)), ...records];
    registry = stored;
  };
  await refresh();

  let failing = false;
  const timer = setInterval(() => {
    refresh().then(
      () => {
        if (failing) logger.info('Remote registry read again');
        failing = false;
      },
      (error: unknown) => {
        // The copy in memory keeps serving; pages fall back to pinned versions only if it is empty.
        if (!failing) logger.error('Remote registry unreadable; serving the last copy read', { error: String(error) });
        failing = true;
      },
    );
  }, refreshMs);
  timer.unref();

  return {
    current: () => registry,
    audit: (keep, limit = 500) => {
      const kept: RegistryAuditRecord[] = [];
      for (const record of records) {
        if (kept.length >= limit) break;
        if (keep(record)) kept.push(record);
      }
      return kept;
    },
    async change(decide) {
      const update = await db.transaction(async (tx) => {
        const decided = decide(await readRow(tx, true));
        if (!decided) return undefined;
        const { written, record } = decided;
        await tx.query('INSERT INTO gateway_remote_registry_audit (registry_version, record) VALUES ($1, $2)', [
          record.registryVersion,
          JSON.stringify(auditRecordSchema.parse(record)),
        ]);
        await tx.query('UPDATE gateway_remote_registry SET version = $1, scopes = $2 WHERE id = 1', [
          written.version,
          JSON.stringify(registrySchema.parse(written).scopes),
        ]);
        return decided;
      });
      if (update) await refresh();
      return update?.record;
    },
    refresh,
    close: () => clearInterval(timer),
  };
}
