import { type BrandId, REMOTE_NAMES, type RemoteName, type RemoteRegistry } from '@shop/contracts';
import type { BrandConfig } from '@shop/brands';
import type { RegistryRepository } from '../../data-access/registry-repository';
import type { Logger } from '@shop/node-kit';
import { inCanary } from './canary-bucket';

interface Sources {
  registry: RegistryRepository;
  devUrls: Partial<Record<RemoteName, string>>;
  logger: Logger;
}

export interface ResolvedRemotes {
  remotes: RemoteRegistry['remotes'];
  /**
   * A canary runs for one of the brand's remotes, so the answer depends on the shopper: nothing
   * that carries it may be kept by a cache shared between shoppers.
   */
  perShopper: boolean;
}

/**
 * Which build of each remote a brand's pages load: a dev server when one is configured, else
 * the registry's version (brand, then global), else the version pinned in brand config.
 * Publishing a build never puts it live on its own; a remote with no live version is left out.
 *
 * While a brand runs a canary of a remote, the shoppers whose bucket for it is below its percent
 * get the canary, the others the live version. The bucket comes from `shopperKey` (the tracking
 * session's token, which the gateway issues and signs: a value the shopper writes into the cookie
 * is never one), so the page, its server render and the browser's registry answer of one shopper
 * agree, and a shopper keeps their version across reloads. Without a key: live.
 */
export function resolveRemotes(
  brand: BrandId,
  config: BrandConfig,
  origin: string,
  shopperKey: string | undefined,
  { registry, devUrls, logger }: Sources,
): ResolvedRemotes {
  const base = config.remotes.baseUrl.startsWith('/') ? `${origin}${config.remotes.baseUrl}` : config.remotes.baseUrl;
  const remotes: RemoteRegistry['remotes'] = {};
  let perShopper = false;
  for (const name of REMOTE_NAMES) {
    const devUrl = devUrls[name];
    if (devUrl) {
      remotes[name] = { manifestUrl: devUrl, version: 'dev' };
      continue;
    }
    let version: string | undefined;
    try {
      const { live, canary } = registry.served(brand, name);
      if (canary) perShopper = true;
      version =
        canary && inCanary(shopperKey, brand, name, canary.percent)
          ? canary.version
          : (live ?? config.remotes.pinned[name]);
    } catch (error) {
      logger.error('Remote registry unreadable; using pinned versions', { error: String(error) });
      version = config.remotes.pinned[name];
    }
    if (version)
      remotes[name] = { manifestUrl: `${base}/${name}/${encodeURIComponent(version)}/mf-manifest.json`, version };
  }
  return { remotes, perShopper };
}
