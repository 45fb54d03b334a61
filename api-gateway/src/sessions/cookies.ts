import type { Request } from 'express';

/** The request's cookies; malformed pairs are skipped rather than trusted. */
export function readCookies(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    const raw = part.slice(at + 1).trim().replace(/^"(.*)"$/, '$1');
    try {
      if (!(name in out)) out[name] = decodeURIComponent(raw);
    } catch {
      // Not percent-decodable: ignore the cookie.
    }
  }
  return out;
}

/** Cookie names and flags: `__Secure-`/`__Host-` prefixes and Secure only over https (as Auth.js does). */
export function cookieNames(secure: boolean) {
  return {
    session: `${secure ? '__Secure-' : ''}authjs.session-token`,
    csrf: `${secure ? '__Host-' : ''}authjs.csrf-token`,
    callbackUrl: `${secure ? '__Secure-' : ''}authjs.callback-url`,
  };
}

export const isSecureRequest = (req: Request) => req.protocol === 'https';
