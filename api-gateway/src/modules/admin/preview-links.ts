import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** How long a preview link works, and so how long the browser that opened it previews. */
export const PREVIEW_LINK_MINUTES = 60;
const TOKEN = /^([a-z][a-z0-9-]{0,30})\.(\d{13})\.([A-Za-z0-9_-]{43})$/;

export type PreviewVerdict = { ok: true; until: number } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Preview links' tokens: `{brand}.{expiry ms}.{HMAC-SHA256 of both}` under a key derived for
 * them alone. Nothing is stored: the signature proves a manager's request made it, the expiry
 * ends it, and a token for one brand opens nothing on another.
 */
export function previewLinks(secret: string, now: () => number = Date.now) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'shop-preview-link', 'Preview link signing key', 32));
  const sign = (brand: string, until: number) =>
    createHmac('sha256', key).update(`${brand}.${until}`).digest('base64url');
  return {
    issue(brand: string) {
      const until = now() + PREVIEW_LINK_MINUTES * 60_000;
      return { token: `${brand}.${until}.${sign(brand, until)}`, expiresAt: until };
    },
    /** Whether `token` opens a preview of `brand` now, and until when. */
    verify(token: string, brand: string): PreviewVerdict {
      const match = TOKEN.exec(token);
      if (!match || match[1] !== brand) return { ok: false, reason: 'invalid' };
      const until = Number(match[2]);
      const [expected, given] = [Buffer.from(sign(brand, until)), Buffer.from(match[3])];
      if (expected.length !== given.length || !timingSafeEqual(expected, given))
        return { ok: false, reason: 'invalid' };
      return until > now() ? { ok: true, until } : { ok: false, reason: 'expired' };
    },
  };
}
export type PreviewLinks = ReturnType<typeof previewLinks>;
