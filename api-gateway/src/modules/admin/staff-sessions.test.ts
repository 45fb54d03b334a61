import express from 'express';
import request from 'supertest';
import { createSessionCodec } from '../../sessions/session-token';
import type { RevocationStore } from '../../sessions/revocation-store';
import { STAFF_IDLE_SECONDS, STAFF_MAX_SECONDS, createStaffSessions, staffCookieName } from './staff-sessions';

const SECRET = 'test-auth-secret-0123456789abcdef0123456789';
const MINUTE = 60_000;

function harness() {
  let clock = 1_800_000_000_000;
  const revoked = new Set<string>();
  const revocations: RevocationStore = {
    revoke: async (id) => void revoked.add(id),
    revokeCustomer: async () => undefined,
    isRevoked: async ({ jti }) => revoked.has(jti),
  };
  const sessions = createStaffSessions(SECRET, revocations, () => clock);
  const app = express();
  app.post('/start', async (req, res) => {
    const claims = await sessions.start(req, res, 'ana@example.com');
    res.json({ csrfToken: sessions.csrfToken(claims) });
  });
  app.get('/read', async (req, res) => {
    const claims = await sessions.read(req, res);
    res.json(claims ? { email: claims.email, csrfToken: sessions.csrfToken(claims) } : null);
  });
  app.delete('/end', async (req, res) => {
    await sessions.end(req, res, await sessions.read(req));
    res.end();
  });
  return {
    app,
    sessions,
    advance: (ms: number) => (clock += ms),
  };
}

const cookieOf = (response: request.Response) =>
  String(([response.headers['set-cookie']].flat() as string[]).find((line) => line.startsWith('shop-staff='))).split(
    ';',
  )[0];

describe('staff sessions', () => {
  it('sets a cookie of their own, HttpOnly and SameSite=Strict, read back with its CSRF token', async () => {
    const { app } = harness();
    const started = await request(app).post('/start');
    const line = String(started.headers['set-cookie']);
    expect(line).toMatch(/^shop-staff=/);
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Strict/);
    const read = await request(app).get('/read').set('cookie', cookieOf(started));
    expect(read.body).toEqual({ email: 'ana@example.com', csrfToken: started.body.csrfToken });
    expect(staffCookieName(true)).toBe('__Host-shop-staff');
  });

  it('ends after 30 minutes without a request, and moves that end on with each request', async () => {
    const { app, advance } = harness();
    let cookie = cookieOf(await request(app).post('/start'));
    for (let i = 0; i < 3; i += 1) {
      advance(STAFF_IDLE_SECONDS * 1000 - MINUTE);
      const read = await request(app).get('/read').set('cookie', cookie);
      expect(read.body).toMatchObject({ email: 'ana@example.com' });
      cookie = cookieOf(read);
    }
    advance(STAFF_IDLE_SECONDS * 1000);
    expect((await request(app).get('/read').set('cookie', cookie)).body).toBeNull();
  });

  it('ends 8 hours after sign-in however busy it is', async () => {
    const { app, advance } = harness();
    let cookie = cookieOf(await request(app).post('/start'));
    let elapsed = 0;
    while (elapsed + 20 * MINUTE < STAFF_MAX_SECONDS * 1000) {
      advance(20 * MINUTE);
      elapsed += 20 * MINUTE;
      const read = await request(app).get('/read').set('cookie', cookie);
      expect(read.body).toMatchObject({ email: 'ana@example.com' });
      cookie = read.headers['set-cookie'] ? cookieOf(read) : cookie;
    }
    advance(STAFF_MAX_SECONDS * 1000 - elapsed);
    expect((await request(app).get('/read').set('cookie', cookie)).body).toBeNull();
  });

  it('stops every copy of the cookie on sign-out', async () => {
    const { app } = harness();
    const cookie = cookieOf(await request(app).post('/start'));
    await request(app).delete('/end').set('cookie', cookie);
    expect((await request(app).get('/read').set('cookie', cookie)).body).toBeNull();
  });

  it("never reads a shopper's session token as a staff session, under any cookie name", async () => {
    const { app } = harness();
    const codec = createSessionCodec(SECRET);
    for (const salt of ['authjs.session-token', 'shop-staff', 'shop-staff-session']) {
      const { token } = await codec.encode(
        { id: 'c1', isLoggedIn: true, email: 'ana@example.com' },
        { salt, brand: 'hoopcraft' },
      );
      expect((await request(app).get('/read').set('cookie', `shop-staff=${token}`)).body).toBeNull();
    }
  });

  it("binds the CSRF token to its session: another session's token does not match", async () => {
    const { sessions } = harness();
    const a = { sid: 'a', email: 'ana@example.com', startedAtMs: 0, sealedAtMs: 0 };
    const b = { ...a, sid: 'b' };
    expect(sessions.csrfMatches(a, sessions.csrfToken(a))).toBe(true);
    for (const wrong of [sessions.csrfToken(b), '', undefined, 42, `${sessions.csrfToken(a)}x`])
      expect(sessions.csrfMatches(a, wrong)).toBe(false);
  });
});
