import { type BrandId, REMOTE_NAMES, type RemoteName } from '@shop/contracts';
import type {
  Canary,
  RegistryAuditRecord,
  RegistryChange,
  RegistryRepository,
  RegistryScope,
} from '../../data-access/registry-repository';
import type { RemoteStore } from '../../data-access/remote-store';
import { DomainError } from '../../shared/domain-error';
import type { Compatibility, CompatibilityCheck } from './remote-compatibility';

export type VersionStatus = 'live' | 'canary' | 'previous' | 'published';

/** One remote as a brand's managers see it. */
export interface RemoteOverview {
  remote: RemoteName;
  /** What the brand's shoppers get; `inherited` when it is the global release, not the brand's own. */
  live?: { version: string; inherited: boolean };
  canary?: Canary;
  /** The brand's own earlier live versions, newest last: what a rollback goes back to. */
  history: string[];
  versions: Array<{ version: string; publishedAt: string; status: VersionStatus; compatibility: Compatibility }>;
}

const scopeName = (scope: RegistryScope) => (scope === '*' ? 'all brands' : scope);

/**
 * Releases, canaries, promotions and rollbacks of remote versions, for the CLI and the admin
 * alike. A version goes live or into a canary only when it is published and compatible with the
 * shell that is deployed; every change is made at the registry version its caller read.
 */
export function remoteReleases({
  registry,
  store,
  compatibility,
}: {
  registry: RegistryRepository;
  store: RemoteStore;
  compatibility: CompatibilityCheck;
}) {
  /** A stale read is a conflict before anything else is said about it. */
  const assertFresh = ({ expectedVersion }: RegistryChange) => {
    const now = registry.version();
    if (expectedVersion !== undefined && expectedVersion !== now) {
      throw new DomainError(
        'REGISTRY_CONFLICT',
        `The remote registry changed since you read it (version ${expectedVersion}, now ${now}): nothing was saved. Reload and try again.`,
        undefined,
        { registryVersion: now },
      );
    }
  };

  const assertCanRun = (remote: RemoteName, version: string, where: string) => {
    if (!store.has(remote, version)) {
      throw new DomainError('REMOTE_NOT_PUBLISHED', `${remote} has no published version "${version}".`);
    }
    const verdict = compatibility(remote, version);
    if (!verdict.compatible) {
      throw new DomainError(
        'REMOTE_INCOMPATIBLE',
        `${remote} ${version} cannot go ${where}: ${verdict.problems.join('; ')}.`,
        undefined,
        { problems: verdict.problems },
      );
    }
  };

  const done = (record: RegistryAuditRecord | undefined, nothingToDo: string): RegistryAuditRecord => {
    if (!record) throw new DomainError('REGISTRY_STATE_CONFLICT', nothingToDo);
    return record;
  };

  return {
    release(scope: RegistryScope, remote: RemoteName, version: string, change: RegistryChange) {
      assertFresh(change);
      assertCanRun(remote, version, 'live');
      return done(
        registry.release(scope, remote, version, change),
        `${remote} ${version} is already live for ${scopeName(scope)}.`,
      );
    },

    startCanary(brand: BrandId, remote: RemoteName, version: string, percent: number, change: RegistryChange) {
      assertFresh(change);
      assertCanRun(remote, version, 'into a canary');
      const { live, canary } = registry.served(brand, remote);
      if (live === version) throw new DomainError('REGISTRY_STATE_CONFLICT', `${remote} ${version} is live already.`);
      return done(
        registry.startCanary(brand, remote, version, percent, change),
        `${remote} ${version} already runs as a canary for ${canary?.percent ?? percent} % of ${brand}'s shoppers.`,
      );
    },

    promote(brand: BrandId, remote: RemoteName, change: RegistryChange) {
      assertFresh(change);
      const { canary } = registry.served(brand, remote);
      if (!canary) throw new DomainError('REGISTRY_STATE_CONFLICT', `${brand} runs no canary of ${remote}.`);
      assertCanRun(remote, canary.version, 'live');
      return done(registry.promote(brand, remote, change), `${brand} runs no canary of ${remote}.`);
    },

    abortCanary(brand: BrandId, remote: RemoteName, change: RegistryChange) {
      assertFresh(change);
      return done(registry.abortCanary(brand, remote, change), `${brand} runs no canary of ${remote}.`);
    },

    rollback(scope: RegistryScope, remote: RemoteName, change: RegistryChange) {
      assertFresh(change);
      const nothing = `${remote} has no earlier release for ${scopeName(scope)} to roll back to.`;
      const previous = registry.entries()[scope]?.[remote]?.history.at(-1);
      if (!previous) throw new DomainError('REGISTRY_STATE_CONFLICT', nothing);
      // The shell may have moved on since that version was live.
      assertCanRun(remote, previous, 'live again');
      return done(registry.rollback(scope, remote, change), nothing);
    },

    /** Every remote of a brand: what runs, what was, and each published version with its verdict. */
    overview(brand: BrandId): { registryVersion: number; remotes: RemoteOverview[] } {
      const registryVersion = registry.version();
      const scopes = registry.entries();
      const remotes = REMOTE_NAMES.map((remote): RemoteOverview => {
        const own = scopes[brand]?.[remote];
        const { live, canary } = registry.served(brand, remote);
        const history = own?.history ?? [];
        const statusOf = (version: string): VersionStatus =>
          version === live
            ? 'live'
            : version === canary?.version
              ? 'canary'
              : history.includes(version)
                ? 'previous'
                : 'published';
        return {
          remote,
          ...(live ? { live: { version: live, inherited: !own?.live } } : {}),
          ...(canary ? { canary } : {}),
          history,
          versions: store
            .versions(remote)
            .map(({ version, publishedAt }) => ({
              version,
              publishedAt,
              status: statusOf(version),
              compatibility: compatibility(remote, version),
            }))
            .reverse(),
        };
      });
      return { registryVersion, remotes };
    },

    /** The brand's changes and the global ones that reach it, newest first. */
    audit(brand: BrandId, limit?: number): RegistryAuditRecord[] {
      return registry.audit([brand, '*'], undefined, limit);
    },
  };
}
export type RemoteReleases = ReturnType<typeof remoteReleases>;
