import { TRACKING_SESSION_COOKIE } from '@shop/contracts/browser';
import { parse } from 'cookie';

/**
 * The tracking session token (SPEC §4), read from the cookie the gateway issues with the page
 * (and with the first tracking post that lacks one). The browser never makes one up: a token
 * page script could choose would let any script pick its session. Undefined when there is none
 * yet; the gateway then issues it with its answer to that event.
 */
export function readSessionToken(): string | undefined {
  return parse(document.cookie)[TRACKING_SESSION_COOKIE] || undefined;
}
