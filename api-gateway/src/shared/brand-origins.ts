import type { BrandId } from '@shop/contracts';
import type { BrandCatalog } from '@shop/brands';

/** Where a deployment names the public side of the gateway (behind a proxy or load balancer). */
export interface PublicAddress {
  /** Per brand, its public origins (PUBLIC_ORIGINS), over those of its config. */
  origins?: ReadonlyMap<string, readonly string[]>;
  /** The port the loopback names are reached on (PUBLIC_PORT), when a proxy listens elsewhere. */
  port?: number;
}

/**
 * Each brand's public origins: PUBLIC_ORIGINS, else brand config (`origins`, the first canonical),
 * else the loopback names a local start serves: http://{brand}.localhost:{port}, and
 * http://localhost:{port} / http://127.0.0.1:{port} for the default brand, on PUBLIC_PORT when a
 * proxy listens there and on the gateway's own port otherwise. Mails, redirects and remote URLs
 * are built from these, so a forged Host or X-Forwarded-Host cannot steer them.
 */
export function createBrandOrigins(
  catalog: BrandCatalog,
  defaultBrand: BrandId,
  port: () => number,
  publicAddress: PublicAddress = {},
) {
  for (const id of publicAddress.origins?.keys() ?? [])
    if (![...catalog.keys()].some((brand) => brand === id))
      throw new Error(`PUBLIC_ORIGINS names ${id}, which is no brand`);
  const configured = new Map<string, readonly string[]>();
  // Worked out once: brand resolution asks for these on every request.
  const hostnamesOf = new Map<string, string[]>();
  for (const [id, brand] of catalog) {
    const origins = publicAddress.origins?.get(id) ?? brand.config.origins;
    if (!origins) continue;
    configured.set(id, origins);
    hostnamesOf.set(
      id,
      origins.map((origin) => new URL(origin).hostname),
    );
  }
  const localPort = () => publicAddress.port ?? port();

  const originsOf = (id: BrandId): readonly string[] => {
    const own = configured.get(id);
    if (own) return own;
    const local = [`http://${id}.localhost:${localPort()}`];
    if (id === defaultBrand) local.push(`http://localhost:${localPort()}`, `http://127.0.0.1:${localPort()}`);
    return local;
  };

  return {
    /** The canonical origin: what mails and other links that leave the site use. */
    canonical: (id: BrandId): string => originsOf(id)[0],
    /** The configured origin equal to the one the request names, if any. */
    match: (id: BrandId, requestOrigin: string): string | undefined =>
      originsOf(id).find((origin) => origin === requestOrigin.toLowerCase()),
    /** The configured origin at this host (and port), whatever the scheme: for callers inside (below). */
    matchHost: (id: BrandId, host: string): string | undefined =>
      originsOf(id).find((origin) => new URL(origin).host === host.toLowerCase()),
    /** Host names of configured origins, which also select their brand. */
    hostnames: (id: BrandId): readonly string[] => hostnamesOf.get(id) ?? [],
  };
}
export type BrandOrigins = ReturnType<typeof createBrandOrigins>;
