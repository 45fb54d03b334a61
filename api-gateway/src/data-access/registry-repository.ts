import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BrandId, type RemoteName, brandIdSchema, remoteNameSchema } from '@shop/contracts';
import { z } from 'zod';
import { DomainError } from '../shared/domain-error';
import { withFileLock } from './file-lock';
import { JsonFile } from './json-file';
import { RegistryAudit, type RegistryAuditRecord } from './registry-audit';
import { versionSchema } from './remote-store';

export type { RegistryAuditRecord } from './registry-audit';

/** `*` applies to every brand; a brand's own entry wins over it. */
const scopeSchema = z.union([z.literal('*'), brandIdSchema]);
export type RegistryScope = z.infer<typeof scopeSchema>;

const canarySchema = z.object({
  version: versionSchema,
  /** The share of a brand's shoppers (1-99) who get this version instead of the live one. */
  percent: z.number().int().min(1).max(99),
  startedAt: z.iso.datetime(),
});
export type Canary = z.infer<typeof canarySchema>;

const entrySchema = z.object({
  /** Absent on a brand entry that only holds a canary: the brand follows the global live version. */
  live: versionSchema.optional(),
  /** Earlier live versions, newest last, for rollback. */
  history: z.array(versionSchema).max(50),
  /** Only on a brand's entry. */
  canary: canarySchema.optional(),
  updatedAt: z.iso.datetime(),
});
export type RegistryEntry = z.infer<typeof entrySchema>;

const registrySchema = z.object({
  /** Goes up by one with every change; a change decided on an older one is refused. */
  version: z.number().int().min(0).default(0),
  scopes: z.partialRecord(scopeSchema, z.partialRecord(remoteNameSchema, entrySchema)),
});
type Registry = z.infer<typeof registrySchema>;

/** Who changes the registry and why; with the version they read, a stale read is REGISTRY_CONFLICT. */
export interface RegistryChange {
  actor: string;
  reason: string;
  /** Left out (the CLI), the change applies to the registry as it is. */
  expectedVersion?: number;
}

type Action = RegistryAuditRecord['action'];

/**
 * The run-time remote registry: which version of each remote is live, globally or per brand,
 * and which brand runs a canary of which version for what share of its shoppers. Changing it
 * takes effect with no rebuild and no restart. Every change is made under a lock at the version
 * the caller read, and is appended to the audit beside the registry (`registry-audit.jsonl`).
 *
 * A change the registry's state leaves nothing to do for (releasing the live version, promoting
 * with no canary, rolling back with no history, following the release for all brands when the
 * brand already does) answers undefined and writes nothing.
 */
export class RegistryRepository {
  private readonly file: JsonFile<Registry>;
  private readonly auditLog: RegistryAudit;

  constructor(
    dataDir: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.file = new JsonFile(join(dataDir, 'registry.json'), registrySchema, empty);
    this.auditLog = new RegistryAudit(join(dataDir, 'registry-audit.jsonl'));
  }

  /** The registry's version now, for a change made on what was just read. */
  version(): number {
    return this.file.read().version;
  }

  entries(): Registry['scopes'] {
    return this.file.read().scopes;
  }

  liveVersion(brand: BrandId, remote: RemoteName): string | undefined {
    return effectiveLive(this.file.read(), brand, remote);
  }

  /** What a brand's shoppers get: the live version, and a canary when one runs. */
  served(brand: BrandId, remote: RemoteName): { live?: string; canary?: Canary } {
    const registry = this.file.read();
    return { live: effectiveLive(registry, brand, remote), canary: registry.scopes[brand]?.[remote]?.canary };
  }

  release(scope: RegistryScope, remote: RemoteName, version: string, change: RegistryChange) {
    // A brand following the global version may still pin that version as its own.
    return this.change(scope, remote, 'release', change, (current) => {
      if (current?.live === version) return undefined;
      return {
        live: version,
        history: pushed(current?.history ?? [], current?.live),
        // A canary of the version now live has nothing left to compare.
        canary: current?.canary?.version === version ? undefined : current?.canary,
      };
    });
  }

  /** Starts a canary, or changes its share or version. */
  startCanary(brand: BrandId, remote: RemoteName, version: string, percent: number, change: RegistryChange) {
    return this.change(brand, remote, 'canary', change, (current, inherited) => {
      if ((current?.live ?? inherited) === version) return undefined;
      const same = current?.canary?.version === version;
      if (same && current?.canary?.percent === percent) return undefined;
      return {
        live: current?.live,
        history: current?.history ?? [],
        canary: {
          version,
          percent,
          startedAt: same && current?.canary ? current.canary.startedAt : this.now().toISOString(),
        },
      };
    });
  }

  /** The canary becomes the brand's live version; the one it replaces goes into history. */
  promote(brand: BrandId, remote: RemoteName, change: RegistryChange) {
    return this.change(brand, remote, 'promote', change, (current, inherited) => {
      if (!current?.canary) return undefined;
      return { live: current.canary.version, history: pushed(current.history, current.live ?? inherited) };
    });
  }

  abortCanary(brand: BrandId, remote: RemoteName, change: RegistryChange) {
    return this.change(brand, remote, 'abort-canary', change, (current) =>
      current?.canary ? { live: current.live, history: current.history } : undefined,
    );
  }

  /**
   * Drops the brand's own live version, so the brand follows the release for all brands again
   * (this one and every later one). Its own version goes into its history, so a rollback pins it
   * again. Nothing to do (undefined) when the brand has no version of its own or there is no
   * release for all brands to follow.
   */
  followGlobal(brand: BrandId, remote: RemoteName, change: RegistryChange) {
    return this.change(brand, remote, 'follow-global', change, (current, inherited) => {
      if (!current?.live || !inherited) return undefined;
      return {
        history: pushed(current.history, current.live),
        // A canary of the version the brand now gets has nothing left to compare.
        canary: current.canary?.version === inherited ? undefined : current.canary,
      };
    });
  }

  /** Puts the previous live version back. */
  rollback(scope: RegistryScope, remote: RemoteName, change: RegistryChange) {
    return this.change(scope, remote, 'rollback', change, (current) => {
      const previous = current?.history.at(-1);
      if (!current || !previous) return undefined;
      return {
        live: previous,
        history: current.history.slice(0, -1),
        canary: current.canary?.version === previous ? undefined : current.canary,
      };
    });
  }

  /** The changes to these scopes (newest first), optionally of one remote. */
  audit(scopes: RegistryScope[], remote?: RemoteName, limit?: number): RegistryAuditRecord[] {
    return this.auditLog.read(
      (record) => scopes.includes(record.scope as RegistryScope) && (!remote || record.remote === remote),
      limit,
    );
  }

  /**
   * One change: under the lock, on the registry as it is on disk (not a cached read), at the
   * version the caller read. `next` answers the entry's new content, or undefined for no change.
   */
  private change(
    scope: RegistryScope,
    remote: RemoteName,
    action: Action,
    { actor, reason, expectedVersion }: RegistryChange,
    next: (
      current: RegistryEntry | undefined,
      inherited: string | undefined,
    ) => Omit<RegistryEntry, 'updatedAt'> | undefined,
  ): RegistryAuditRecord | undefined {
    return withFileLock(this.file.path, () => {
      const registry = readFresh(this.file.path);
      if (expectedVersion !== undefined && expectedVersion !== registry.version) {
        throw new DomainError(
          'REGISTRY_CONFLICT',
          `The remote registry changed since you read it (version ${expectedVersion}, now ${registry.version}): nothing was saved. Reload and try again.`,
          undefined,
          { registryVersion: registry.version },
        );
      }
      const current = registry.scopes[scope]?.[remote];
      const inherited = scope === '*' ? undefined : registry.scopes['*']?.[remote]?.live;
      const entry = next(current, inherited);
      if (!entry) return undefined;
      const at = this.now().toISOString();
      const updated = withoutUndefined({ ...entry, updatedAt: at });
      const remotes = { ...registry.scopes[scope] };
      // An entry that serves nothing and remembers nothing is gone: the brand follows the global one.
      if (!updated.live && !updated.canary && updated.history.length === 0) delete remotes[remote];
      else remotes[remote] = updated;
      const written: Registry = { version: registry.version + 1, scopes: { ...registry.scopes, [scope]: remotes } };
      const record: RegistryAuditRecord = {
        registryVersion: written.version,
        at,
        actor,
        scope,
        remote,
        action,
        old: served(current, inherited),
        new: served(remotes[remote], inherited),
        reason,
      };
      // The audit first: a change may fail to land, but none lands unrecorded.
      this.auditLog.append(record);
      this.file.write(written);
      return record;
    });
  }
}

const empty = (): Registry => ({ version: 0, scopes: {} });

function readFresh(path: string): Registry {
  return existsSync(path) ? registrySchema.parse(JSON.parse(readFileSync(path, 'utf8'))) : empty();
}

function effectiveLive(registry: Registry, brand: BrandId, remote: RemoteName): string | undefined {
  return registry.scopes[brand]?.[remote]?.live ?? registry.scopes['*']?.[remote]?.live;
}

const pushed = (history: string[], version: string | undefined) =>
  version && history.at(-1) !== version ? [...history, version].slice(-50) : history;

function served(entry: RegistryEntry | undefined, inherited: string | undefined): RegistryAuditRecord['old'] {
  const live = entry?.live ?? inherited;
  return {
    ...(live ? { live } : {}),
    ...(entry?.canary ? { canary: { version: entry.canary.version, percent: entry.canary.percent } } : {}),
  };
}

function withoutUndefined(entry: RegistryEntry): RegistryEntry {
  return Object.fromEntries(Object.entries(entry).filter(([, value]) => value !== undefined)) as RegistryEntry;
}
