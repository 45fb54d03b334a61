import type { AdminRemote, PublishedVersion, RemotesListing } from '../../lib/admin-contract';

interface RawVersion {
  version: string;
  compatible?: boolean;
  problems?: string[];
  compatibility?: { compatible?: boolean; problems?: string[] };
}
interface RawRemote {
  name?: string;
  remote?: string;
  live?: string | { version: string; inherited?: boolean } | null;
  allBrandsLive?: string | null;
  canary?: { version: string; percent: number } | null;
  history?: AdminRemote['history'];
  published?: RawVersion[];
  versions?: RawVersion[];
}

const readVersion = (raw: RawVersion): PublishedVersion => {
  const compatible = raw.compatible ?? raw.compatibility?.compatible;
  return {
    version: raw.version,
    // A version nobody said is compatible is not offered.
    compatible: compatible === true,
    problems: raw.problems ?? raw.compatibility?.problems ?? (compatible === true ? [] : ['No compatibility verdict.']),
  };
};

/**
 * The remotes listing as the admin shows it. The gateway sends each remote as `remote` with its
 * `versions` (each with its compatibility verdict), a live version that may be inherited from the
 * release for all brands, and a history oldest first; it may also send the flat form (`name`,
 * `published`, `live` as a string). Both read the same, history newest first.
 */
export function readRemotes(raw: {
  registryVersion: RemotesListing['registryVersion'];
  remotes: RawRemote[];
}): RemotesListing {
  return {
    registryVersion: raw.registryVersion,
    remotes: raw.remotes.map((remote): AdminRemote => {
      const live = typeof remote.live === 'object' && remote.live ? remote.live : undefined;
      const history = remote.history ?? [];
      return {
        name: remote.name ?? remote.remote ?? '',
        live: live ? live.version : ((remote.live as string | null | undefined) ?? null),
        liveInherited: live?.inherited ?? false,
        allBrandsLive: remote.allBrandsLive ?? null,
        canary: remote.canary ? { version: remote.canary.version, percent: remote.canary.percent } : null,
        history: remote.versions ? [...history].reverse() : history,
        published: (remote.published ?? remote.versions ?? []).map(readVersion),
      };
    }),
  };
}
