import type { BrandId, RemoteName } from '@shop/contracts';
import { DomainError } from '../shared/domain-error';
import type { RegistryAuditRecord } from './registry-audit';
import { type RegistryBackend, fileRegistryBackend } from './registry-backends';
import { type Canary, type Registry, type RegistryEntry, type RegistryScope } from './registry-schema';

export type { Canary, RegistryEntry, RegistryScope } from './registry-schema';

export type { RegistryAuditRecord } from './registry-audit';

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
 * the caller read, and is recorded in the audit with it: files in DATA_DIR on one host, or
 * PostgreSQL tables every gateway shares (`registry-backends.ts`). Reads answer from the copy in
 * memory (every page asks); another instance's change is seen within the backend's refresh.
 *
 * A change the registry's state leaves nothing to do for (releasing the live version, promoting
 * with no canary, rolling back with no history, following the release for all brands when the
 * brand already does) answers undefined and writes nothing.
 */
export class RegistryRepository {
  private readonly backend: RegistryBackend;

  /** `dataDir`: the files of one host; else a backend (PostgreSQL). */
  constructor(
    backend: string | RegistryBackend,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.backend = typeof backend === 'string' ? fileRegistryBackend(backend) : backend;
  }

  /** The registry's version now, for a change made on what was just read. */
  version(): number {
    return this.backend.current().version;
  }

  entries(): Registry['scopes'] {
    return this.backend.current().scopes;
  }

  liveVersion(brand: BrandId, remote: RemoteName): string | undefined {
    return effectiveLive(this.backend.current(), brand, remote);
  }

  /** What a brand's shoppers get: the live version, and a canary when one runs. */
  served(brand: BrandId, remote: RemoteName): { live?: string; canary?: Canary } {
    const registry = this.backend.current();
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
    return this.backend.audit(
      (record) => scopes.includes(record.scope as RegistryScope) && (!remote || record.remote === remote),
      limit,
    );
  }

  /**
   * One change: under the backend's lock, on the registry as it is stored (not the copy in memory),
   * at the version the caller read. `next` answers the entry's new content, or undefined for no
   * change; the audit record and the registry are written together.
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
  ): Promise<RegistryAuditRecord | undefined> {
    return this.backend.change((registry) => {
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
      return { written, record };
    });
  }
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
