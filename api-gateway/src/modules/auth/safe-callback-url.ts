/**
 * The only places a callbackUrl may send the shopper: a path on this origin (or on an origin
 * configured as trusted). Everything else -- other hosts, protocol-relative URLs, backslash
 * tricks, userinfo, other schemes, control characters -- falls back to the site root.
 */
export function safeCallbackUrl(
  raw: unknown,
  origin: string,
  trustedOrigins: readonly string[] = [],
  fallback = '/',
): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) return fallback;
  // Browsers read "\" as "/" and drop tabs and newlines inside URLs: refuse them outright.
  if (hasUnsafeCharacter(raw)) return fallback;
  let decoded = raw;
  for (let i = 0; i < 3; i += 1) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      return fallback;
    }
  }
  // Encoded tricks ("/%2F%2Fevil", "%5C%5Cevil") are judged by what they decode to.
  if (hasUnsafeCharacter(decoded) || /^\s*\/\s*\//.test(decoded)) return fallback;
  const scheme = /^\s*([a-z][a-z0-9+.-]*):/i.exec(raw)?.[1]?.toLowerCase();
  if (scheme && scheme !== 'http' && scheme !== 'https') return fallback;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return fallback;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fallback;
  if (url.username || url.password) return fallback;
  const sameOrigin = url.origin === new URL(origin).origin;
  if (!sameOrigin && !trustedOrigins.includes(url.origin)) return fallback;
  const local = `${url.pathname}${url.search}${url.hash}`;
  if (local.startsWith('//') || local.startsWith('/\\')) return fallback;
  return sameOrigin ? local : url.toString();
}

/** A backslash or a control character (C0 or DEL). */
function hasUnsafeCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 0x5c || code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
