import type { BrandId } from '@shop/contracts';
import type { BrandCatalog } from '@shop/brands';
import type { BrandOrigins } from './brand-origins';

/** Brand from the host ({brand}.localhost, a configured host or origin), else the configured default. */
export function resolveBrandId(
  hostname: string,
  catalog: BrandCatalog,
  fallback: BrandId,
  origins?: BrandOrigins,
): BrandId {
  const host = hostname.toLowerCase();
  for (const [id, brand] of catalog) {
    if (host === `${id}.localhost` || brand.config.hosts.includes(host) || origins?.hostnames(id).includes(host))
      return id;
  }
  const first = host.split('.')[0];
  for (const id of catalog.keys()) if (first === id) return id;
  return fallback;
}
