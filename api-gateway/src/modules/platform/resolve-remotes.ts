import { type BrandId, REMOTE_NAMES, type RemoteName, type RemoteRegistry } from '@shop/contracts';
import type { BrandConfig } from '@shop/brands';
import type { RegistryRepository } from '../../data-access/registry-repository';
import type { Logger } from '@shop/node-kit';

interface Sources {
  registry: RegistryRepository;
  devUrls: Partial<Record<RemoteName, string>>;
  logger: Logger;
}

/**
 * Which build of each remote a brand's pages load: a dev server when one is configured, else
 * the registry's live version (brand, then global), else the version pinned in brand config.
 * Publishing a build never puts it live on its own; a remote with no live version is left out.
 */
export function resolveRemotes(
  brand: BrandId,
  config: BrandConfig,
  origin: string,
  { registry, devUrls, logger }: Sources,
): RemoteRegistry['remotes'] {
  const base = config.remotes.baseUrl.startsWith('/') ? `${origin}${config.remotes.baseUrl}` : config.remotes.baseUrl;
  const remotes: RemoteRegistry['remotes'] = {};
  for (const name of REMOTE_NAMES) {
    const devUrl = devUrls[name];
    if (devUrl) {
      remotes[name] = { manifestUrl: devUrl, version: 'dev' };
      continue;
    }
    let version: string | undefined;
    try {
      version = registry.liveVersion(brand, name) ?? config.remotes.pinned[name];
    } catch (error) {
      logger.error('Remote registry unreadable; using pinned versions', { error: String(error) });
      version = config.remotes.pinned[name];
    }
    if (version)
      remotes[name] = { manifestUrl: `${base}/${name}/${encodeURIComponent(version)}/mf-manifest.json`, version };
  }
  return remotes;
}
