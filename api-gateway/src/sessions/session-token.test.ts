import { SESSION_MAX_AGE_SECONDS, createSessionCodec } from './session-token';

const SECRET = 'session-token-test-secret-0123456789abcdef';
const guest = { id: 'anon-1', isLoggedIn: false };

describe('the session token', () => {
  it('answers the same claims each time a token is read, and none once it has expired, read before or not', async () => {
    const codec = createSessionCodec(SECRET);
    const now = Date.UTC(2026, 10, 1, 12);
    const { token, claims } = await codec.encode(guest, {
      salt: 'shop.sid',
      brand: 'vanityfair',
      now,
      anonymousId: 'anon-1',
    });
    expect(await codec.decode(token, 'shop.sid', now)).toEqual(claims);
    expect(await codec.decode(token, 'shop.sid', now + 1000)).toEqual(claims);
    const expired = now + SESSION_MAX_AGE_SECONDS * 1000;
    expect(await codec.decode(token, 'shop.sid', expired)).toBeUndefined();
    // A codec that never read it says the same.
    expect(await createSessionCodec(SECRET).decode(token, 'shop.sid', expired)).toBeUndefined();
    expect(await createSessionCodec(SECRET).decode(token, 'shop.sid', expired - 1000)).toEqual(claims);
  });

  it('reads a token only under its own salt and secret, read before or not, and never an altered one', async () => {
    const codec = createSessionCodec(SECRET);
    const now = Date.now();
    const { token } = await codec.encode(guest, { salt: 'shop.sid', brand: 'vanityfair', now });
    expect(await codec.decode(token, 'shop.sid', now)).toBeDefined();
    expect(await codec.decode(token, 'shop.staff', now)).toBeUndefined();
    expect(await createSessionCodec(`${SECRET}-other`).decode(token, 'shop.sid', now)).toBeUndefined();
    const parts = token.split('.');
    parts[3] = `${parts[3].slice(0, -2)}${parts[3].endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await codec.decode(parts.join('.'), 'shop.sid', now)).toBeUndefined();
  });
});
