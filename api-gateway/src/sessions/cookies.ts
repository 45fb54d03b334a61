import { parse } from 'cookie';
import type { Request } from 'express';

/** The request's cookies, parsed by the `cookie` package (the first of two same-named cookies wins). */
export function readCookies(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(parse(req.headers.cookie ?? '')))
    if (value !== undefined) out[name] = value;
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
