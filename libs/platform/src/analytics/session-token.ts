import { TRACKING_SESSION_COOKIE } from '@shop/contracts/browser';

/**
 * The tracking session token (SPEC §4), read from the cookie the gateway issues with the page
 * (and with the first tracking post that lacks one). The browser never makes one up: a token
 * page script could choose would let any script pick its session. Undefined when there is none
 * yet; the gateway then issues it with its answer to that event.
 */
export function readSessionToken(): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== TRACKING_SESSION_COOKIE) continue;
    try {
      return decodeURIComponent(rest.join('=')) || undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
