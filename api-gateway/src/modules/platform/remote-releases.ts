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
  /** The release for all brands: what the brand gets once it follows that release again. */
  allBrandsLive?: string;
  canary?: Canary;
  /** The brand's own earlier live versions, newest last: what a rollback goes back to. */
  history: string[];
  versions: Array<{ version: string; publishedAt: string; status: VersionStatus; compatibility: Compatibility }>;
}

const scopeName = (scope: RegistryScope) => (scope === '*' ? 'all brands' : scope);

/**
 * Releases, canaries, promotions and rollbacks of remote versions, and a brand's return to the
 * release for all brands, for the CLI and the admin alike. A version goes live or into a canary
 * only when it is published and compatible with the shell that is deployed; every change is made
 * at the registry version its caller read.
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

  /**
   * A rollback with no earlier release to go back to, saying what can be done instead: a brand
   * whose only own release is live can follow the release for all brands again.
   */
  const nothingToRollBack = (scope: RegistryScope, remote: RemoteName): DomainError => {
    const none = `${remote} has no earlier release for ${scopeName(scope)} to roll back to.`;
    if (scope === '*') return new DomainError('REGISTRY_STATE_CONFLICT', none);
    const scopes = registry.entries();
    const own = scopes[scope]?.[remote]?.live;
    const allBrands = scopes['*']?.[remote]?.live;
    if (!own)
      return new DomainError(
        'REGISTRY_STATE_CONFLICT',
        `${none} ${scope} has no release of its own: it follows the release for all brands${allBrands ? ` (${allBrands})` : ''}, and rolling that back changes every brand.`,
      );
    if (!allBrands)
      return new DomainError(
        'REGISTRY_STATE_CONFLICT',
        `${none} ${scope} runs its own release ${own} and there is no release for all brands to follow: release an earlier published version for ${scope} instead.`,
      );
    return new DomainError(
      'REGISTRY_STATE_CONFLICT',
      `${none} ${scope} runs its own release ${own}: it can follow the release for all brands (${allBrands}) again, or release an earlier published version for ${scope}.`,
      undefined,
      { canFollowAllBrands: true, allBrandsLive: allBrands },
    );
  };

  return {
    async release(scope: RegistryScope, remote: RemoteName, version: string, change: RegistryChange) {
      assertFresh(change);
      assertCanRun(remote, version, 'live');
      return done(
        await registry.release(scope, remote, version, change),
        `${remote} ${version} is already live for ${scopeName(scope)}.`,
      );
    },

    async startCanary(brand: BrandId, remote: RemoteName, version: string, percent: number, change: RegistryChange) {
      assertFresh(change);
      assertCanRun(remote, version, 'into a canary');
      const { live, canary } = registry.served(brand, remote);
      if (live === version) throw new DomainError('REGISTRY_STATE_CONFLICT', `${remote} ${version} is live already.`);
      return done(
        await registry.startCanary(brand, remote, version, percent, change),
        `${remote} ${version} already runs as a canary for ${canary?.percent ?? percent} % of ${brand}'s shoppers.`,
      );
    },

    async promote(brand: BrandId, remote: RemoteName, change: RegistryChange) {
      assertFresh(change);
      const { canary } = registry.served(brand, remote);
      if (!canary) throw new DomainError('REGISTRY_STATE_CONFLICT', `${brand} runs no canary of ${remote}.`);
      assertCanRun(remote, canary.version, 'live');
      return done(await registry.promote(brand, remote, change), `${brand} runs no canary of ${remote}.`);
    },

    async abortCanary(brand: BrandId, remote: RemoteName, change: RegistryChange) {
      assertFresh(change);
      return done(await registry.abortCanary(brand, remote, change), `${brand} runs no canary of ${remote}.`);
    },

    async rollback(scope: RegistryScope, remote: RemoteName, change: RegistryChange) {
      assertFresh(change);
      const previous = registry.entries()[scope]?.[remote]?.history.at(-1);
      if (!previous) throw nothingToRollBack(scope, remote);
      // The shell may have moved on since that version was live.
      assertCanRun(remote, previous, 'live again');
      const record = await registry.rollback(scope, remote, change);
      if (!record) throw nothingToRollBack(scope, remote);
      return record;
    },

    /**
     * The brand drops its own live version and follows the release for all brands again. Already
     * following, there is nothing to change: the answer is undefined and nothing is recorded.
     */
    async followGlobal(
      brand: BrandId,
      remote: RemoteName,
      change: RegistryChange,
    ): Promise<RegistryAuditRecord | undefined> {
      assertFresh(change);
      const scopes = registry.entries();
      const own = scopes[brand]?.[remote]?.live;
      if (!own) return undefined;
      const allBrands = scopes['*']?.[remote]?.live;
      if (!allBrands)
        throw new DomainError(
          'REGISTRY_STATE_CONFLICT',
          `There is no release of ${remote} for all brands to follow: ${brand} keeps its own release ${own}.`,
        );
      // It runs for the other brands, but the shell may have moved on since it was released.
      assertCanRun(remote, allBrands, `live for ${brand}`);
      return await registry.followGlobal(brand, remote, change);
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
        const allBrandsLive = scopes['*']?.[remote]?.live;
        return {
          remote,
          ...(live ? { live: { version: live, inherited: !own?.live } } : {}),
          ...(allBrandsLive ? { allBrandsLive } : {}),
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
