import type { BrandId } from '@shop/contracts';
import type { BrandCatalog } from '@shop/brands';

/**
 * Each brand's public origins, from brand config (`origins`, the first canonical) or, when a
 * brand names none, the loopback names a local start serves: http://{brand}.localhost:{port},
 * and http://localhost:{port} / http://127.0.0.1:{port} for the default brand. Mails, redirects
 * and remote URLs are built from these, so a forged Host or X-Forwarded-Host cannot steer them.
 */
export function createBrandOrigins(catalog: BrandCatalog, defaultBrand: BrandId, port: () => number) {
  const configured = new Map<string, readonly string[]>();
  // Worked out once: brand resolution asks for these on every request.
  const hostnamesOf = new Map<string, string[]>();
  for (const [id, brand] of catalog) {
    if (!brand.config.origins) continue;
    configured.set(id, brand.config.origins);
    hostnamesOf.set(
      id,
      brand.config.origins.map((origin) => new URL(origin).hostname),
    );
  }

  const originsOf = (id: BrandId): readonly string[] => {
    const own = configured.get(id);
    if (own) return own;
    const local = [`http://${id}.localhost:${port()}`];
    if (id === defaultBrand) local.push(`http://localhost:${port()}`, `http://127.0.0.1:${port()}`);
    return local;
  };

  return {
    /** The canonical origin: what mails and other links that leave the site use. */
    canonical: (id: BrandId): string => originsOf(id)[0],
    /** The configured origin equal to the one the request names, if any. */
    match: (id: BrandId, requestOrigin: string): string | undefined =>
      originsOf(id).find((origin) => origin === requestOrigin.toLowerCase()),
    /** Host names of configured origins, which also select their brand. */
    hostnames: (id: BrandId): readonly string[] => hostnamesOf.get(id) ?? [],
  };
}
export type BrandOrigins = ReturnType<typeof createBrandOrigins>;
