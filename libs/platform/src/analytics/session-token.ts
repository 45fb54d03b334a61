export const SESSION_TOKEN_COOKIE = 'sessionToken';
/** SPEC §9 gives the tracking session cookie a lifetime of 0.5 with no unit; we read it as days. */
const SESSION_TOKEN_MAX_AGE_SECONDS = 12 * 60 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** The tracking session token: created with the first tracked event and kept in a cookie (SPEC §4). */
export function getOrCreateSessionToken(): string {
  const existing = readCookie(SESSION_TOKEN_COOKIE);
  if (existing && UUID.test(existing)) return existing;
  const token = crypto.randomUUID();
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${SESSION_TOKEN_COOKIE}=${token}; Max-Age=${SESSION_TOKEN_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
  return token;
}
