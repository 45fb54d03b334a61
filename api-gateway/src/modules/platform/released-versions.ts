import type { BrandCatalog } from '@shop/brands';
import type { Logger } from '@shop/node-kit';
import type { RegistryRepository, RegistryScope } from '../../data-access/registry-repository';

/** Whether a version of a remote was ever released to shoppers. */
export type IsReleased = (remote: string, version: string) => boolean;

/**
 * The remote versions shoppers may have been sent, and so must keep loading: what is live or in a
 * canary now (globally or for a brand), every earlier live version (the registry's history), every
 * version any recorded change put live or into a canary (the audit: a canary that was aborted was
 * still loaded by its shoppers), and the versions brand config pins. A version published and never
 * released is none of these. Worked out again only when the registry's version changes (each
 * change appends its audit line before it writes the registry).
 */
export function releasedVersions(registry: RegistryRepository, catalog: BrandCatalog, logger: Logger): IsReleased {
  const pinned = new Set<string>();
  for (const [, brand] of catalog)
    for (const [remote, version] of Object.entries(brand.config.remotes.pinned)) pinned.add(`${remote}/${version}`);
  const scopes: RegistryScope[] = ['*', ...catalog.keys()];

  const collect = (): Set<string> => {
    const released = new Set(pinned);
    const add = (remote: string, version: string | undefined) => {
      if (version) released.add(`${remote}/${version}`);
    };
    for (const remotes of Object.values(registry.entries()))
      for (const [remote, entry] of Object.entries(remotes ?? {})) {
        add(remote, entry?.live);
        add(remote, entry?.canary?.version);
        for (const version of entry?.history ?? []) add(remote, version);
      }
    for (const record of registry.audit(scopes, undefined, Number.MAX_SAFE_INTEGER))
      for (const side of [record.old, record.new]) {
        add(record.remote, side.live);
        add(record.remote, side.canary?.version);
      }
    return released;
  };

  let known: { registryVersion: number; released: Set<string> } | undefined;
  return (remote, version) => {
    try {
      const registryVersion = registry.version();
      if (known?.registryVersion !== registryVersion) known = { registryVersion, released: collect() };
    } catch (error) {
      // Keep what was known (the pages fall back to pinned versions too): shoppers keep loading.
      logger.error('Remote registry unreadable; serving the versions known released', { error: String(error) });
      known ??= { registryVersion: -1, released: pinned };
    }
    return known.released.has(`${remote}/${version}`);
  };
}
