import { hkdfSync, randomUUID } from 'node:crypto';
import { EncryptJWT, type JWTPayload, jwtDecrypt } from 'jose';
import { LRUCache } from 'lru-cache';
import { type SessionUser, sessionUserSchema } from '@shop/contracts';

export { sessionUserSchema, type SessionUser };

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
export const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60;

export interface SessionClaims {
  user: SessionUser;
  /** session id: revoked by id on sign-out */
  jti: string;
  iat: number;
  exp: number;
  /** The brand whose site issued the session: no other brand's host accepts it. */
  brand: string;
  /** When the cookie was issued, in ms: a password reset ends every session issued before it. */
  issuedAtMs: number;
  /** The guest session this sign-in replaced: only that guest's cart may become the customer's. */
  anonymousId?: string;
  /**
   * The customer's earlier bag that a sign-in (or a cart template) set aside: the cart API offers
   * it back until the shopper adds it back or dismisses it.
   */
  previousCartId?: string;
  /** SPEC §4: the fraud collector's session id, made once per session when missing. */
  fraudSessionId?: string;
  /** Orders this session placed (number, when), so it alone may reload their confirmation (SPEC §9). */
  orders?: PlacedOrder[];
  /**
   * Orders a guest found by number and e-mail (order lookup): this session may read, track and
   * return them for {@link GUEST_ORDER_GRANT_MINUTES} after the lookup.
   */
  guestOrders?: PlacedOrder[];
  /** Privacy preferences chosen in this session (SPEC §2 /privacy/preferences); necessary is always on. */
  consent?: SessionConsent;
  /** Until when (ms) this browser previews its brand as a previewer (a manager's preview link). */
  previewUntil?: number;
}

/** The consent categories a shopper can switch (necessary cookies are always on); `at`: when chosen, in ms. */
export interface SessionConsent {
  analytics: boolean;
  marketing: boolean;
  at: number;
  /** Also stored on the signed-in customer's record (it follows them to other browsers). */
  saved?: boolean;
}

/** How long a guest's order lookup lets the session read, track and return that order. */
export const GUEST_ORDER_GRANT_MINUTES = 60;

/** An order a session placed: its number and when (ms). */
export interface PlacedOrder {
  n: string;
  at: number;
}

/** The most orders a session remembers (the newest): a cookie stays small. */
export const MAX_REMEMBERED_ORDERS = 5;

const isPlacedOrder = (value: unknown): value is PlacedOrder =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as PlacedOrder).n === 'string' &&
  typeof (value as PlacedOrder).at === 'number';

export interface EncodeOptions {
  /** The cookie name; the key is derived per name, as Auth.js does. */
  salt: string;
  brand: string;
  now?: number;
  /** Keeps the session id when a session is re-issued or updated. */
  jti?: string;
  anonymousId?: string;
  previousCartId?: string;
  fraudSessionId?: string;
  orders?: PlacedOrder[];
  guestOrders?: PlacedOrder[];
  consent?: SessionConsent;
  previewUntil?: number;
}

const isConsent = (value: unknown): value is SessionConsent =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SessionConsent).analytics === 'boolean' &&
  typeof (value as SessionConsent).marketing === 'boolean' &&
  typeof (value as SessionConsent).at === 'number' &&
  ['undefined', 'boolean'].includes(typeof (value as SessionConsent).saved);

/**
 * Auth.js-style session tokens: a JWE (dir, A256CBC-HS512) whose key is derived with HKDF
 * from the secret and the cookie name, so the gateway holds the only key.
 */
/** Session tokens kept decrypted: about the sessions active in the last minutes on one instance. */
const DECRYPTED_KEPT = 10_000;

export function createSessionCodec(secret: string) {
  const keys = new Map<string, Uint8Array>();
  // A token is sealed and never changes: the payload decrypted once is the payload, until it
  // expires (checked on every use, as jose does: exp must be after the current second).
  const decrypted = new LRUCache<string, JWTPayload>({ max: DECRYPTED_KEPT });
  const payloadOf = async (token: string, salt: string, now: number) => {
    const cacheKey = `${salt}\n${token}`;
    const kept = decrypted.get(cacheKey);
    if (kept) return typeof kept.exp === 'number' && kept.exp > Math.floor(now / 1000) ? kept : undefined;
    const { payload } = await jwtDecrypt(token, keyFor(salt), { clockTolerance: 0, currentDate: new Date(now) });
    decrypted.set(cacheKey, payload);
    return payload;
  };
  const keyFor = (salt: string) => {
    let key = keys.get(salt);
    if (!key) {
      key = new Uint8Array(hkdfSync('sha256', secret, salt, `Auth.js Generated Encryption Key (${salt})`, 64));
      keys.set(salt, key);
    }
    return key;
  };
  return {
    async encode(
      user: SessionUser,
      {
        salt,
        brand,
        now = Date.now(),
        jti = randomUUID(),
        anonymousId,
        previousCartId,
        fraudSessionId,
        orders,
        guestOrders,
        consent,
        previewUntil,
      }: EncodeOptions,
    ): Promise<{ token: string; claims: SessionClaims }> {
      const iat = Math.floor(now / 1000);
      const claims: SessionClaims = {
        user,
        jti,
        iat,
        exp: iat + SESSION_MAX_AGE_SECONDS,
        brand,
        issuedAtMs: now,
        ...(anonymousId ? { anonymousId } : {}),
        ...(previousCartId ? { previousCartId } : {}),
        ...(fraudSessionId ? { fraudSessionId } : {}),
        ...(orders?.length ? { orders: orders.slice(-MAX_REMEMBERED_ORDERS) } : {}),
        ...(guestOrders?.length ? { guestOrders: guestOrders.slice(-MAX_REMEMBERED_ORDERS) } : {}),
        ...(consent ? { consent } : {}),
        ...(previewUntil && previewUntil > now ? { previewUntil } : {}),
      };
      const token = await new EncryptJWT({
        user,
        brand,
        ims: now,
        ...(anonymousId ? { anon: anonymousId } : {}),
        ...(previousCartId ? { prev: previousCartId } : {}),
        ...(claims.fraudSessionId ? { fsid: claims.fraudSessionId } : {}),
        ...(claims.orders ? { ord: claims.orders } : {}),
        ...(claims.guestOrders ? { gord: claims.guestOrders } : {}),
        ...(claims.consent ? { cns: claims.consent } : {}),
        ...(claims.previewUntil ? { prv: claims.previewUntil } : {}),
      })
        .setProtectedHeader({ alg: 'dir', enc: 'A256CBC-HS512' })
        .setIssuedAt(iat)
        .setExpirationTime(claims.exp)
        .setJti(jti)
        .encrypt(keyFor(salt));
      return { token, claims };
    },
    /** The claims of a valid, unexpired, untampered token; undefined otherwise. */
    async decode(token: string | undefined, salt: string, now = Date.now()): Promise<SessionClaims | undefined> {
      if (!token || token.length > 8192) return undefined;
      try {
        const payload = await payloadOf(token, salt, now);
        if (!payload) return undefined;
        const user = sessionUserSchema.safeParse(payload.user);
        const { jti, iat, exp, brand, ims, anon, prev, fsid, ord, gord, cns, prv } = payload;
        if (
          !user.success ||
          typeof jti !== 'string' ||
          typeof iat !== 'number' ||
          typeof exp !== 'number' ||
          typeof brand !== 'string' ||
          typeof ims !== 'number'
        )
          return undefined;
        return {
          user: user.data,
          jti,
          iat,
          exp,
          brand,
          issuedAtMs: ims,
          ...(typeof anon === 'string' ? { anonymousId: anon } : {}),
          ...(typeof prev === 'string' ? { previousCartId: prev } : {}),
          ...(typeof fsid === 'string' ? { fraudSessionId: fsid } : {}),
          ...(Array.isArray(ord) && ord.every(isPlacedOrder) ? { orders: ord } : {}),
          ...(Array.isArray(gord) && gord.every(isPlacedOrder) ? { guestOrders: gord } : {}),
          ...(isConsent(cns) ? { consent: cns } : {}),
          ...(typeof prv === 'number' && prv > now ? { previewUntil: prv } : {}),
        };
      } catch {
        return undefined;
      }
    },
  };
}
export type SessionCodec = ReturnType<typeof createSessionCodec>;
