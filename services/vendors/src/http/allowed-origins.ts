/**
 * Origin patterns in CSP source-expression form, so the same list can be written into a
 * `frame-ancestors` directive: `scheme://host[:port]`, where the host may start with `*.` (any
 * subdomain, at least one label) and the port may be `*` (any port; no port means the scheme's
 * default). Examples: `http://localhost:*`, `http://*.localhost:*`, `https://www.shop.example`.
 */
export const DEFAULT_ALLOWED_ORIGINS = 'http://localhost:*,http://*.localhost:*';

const PATTERN = /^(https?):\/\/(\*\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*)(?::(\*|\d{1,5}))?$/;

interface OriginPattern {
  scheme: string;
  anySubdomain: boolean;
  host: string;
  port: string | undefined;
  source: string;
}

const defaultPort = (scheme: string) => (scheme === 'https' ? '443' : '80');

/** Parses a comma-separated list; throws naming the first entry that is not a pattern. */
export function parseOriginPatterns(list: string): OriginPattern[] {
  return list
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const source = entry.toLowerCase();
      const match = PATTERN.exec(source);
      if (!match) throw new Error(`${entry} is not an origin pattern such as http://*.localhost:*`);
      return { scheme: match[1], anySubdomain: Boolean(match[2]), host: match[3], port: match[4], source };
    });
}

/**
 * The origin exactly as a browser sends it (`scheme://host[:port]`, nothing more), or undefined
 * when `value` is anything else.
 */
export function canonicalOrigin(value: string): string | undefined {
  if (value.length > 255) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.origin === value ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

export function originAllowed(patterns: readonly OriginPattern[], origin: string): boolean {
  const canonical = canonicalOrigin(origin);
  if (!canonical) return false;
  const url = new URL(canonical);
  const scheme = url.protocol.slice(0, -1);
  const port = url.port || defaultPort(scheme);
  return patterns.some((pattern) => {
    if (pattern.scheme !== scheme) return false;
    if (pattern.port !== '*' && (pattern.port ?? defaultPort(scheme)) !== port) return false;
    return pattern.anySubdomain
      ? url.hostname.endsWith(`.${pattern.host}`) && url.hostname.length > pattern.host.length + 1
      : url.hostname === pattern.host;
  });
}

/** The patterns as CSP sources (they already are). */
export const cspSources = (patterns: readonly OriginPattern[]) => patterns.map((pattern) => pattern.source).join(' ');

export type { OriginPattern };
