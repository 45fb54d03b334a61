import type { Request, Response } from 'express';
import { newPending, verificationStateStore } from './verification-state';

const SECRET = 'test-auth-secret-0123456789abcdef0123456789';

/** A browser's cookie jar in front of the store: what `save` sets, `take` reads back. */
function browser() {
  const jar: Record<string, string> = {};
  const req = () =>
    ({
      protocol: 'http',
      headers: {
        cookie: Object.entries(jar)
          .map(([k, v]) => `${k}=${v}`)
          .join('; '),
      },
    }) as unknown as Request;
  const res = {
    cookie: (name: string, value: string) => {
      jar[name] = value;
    },
    clearCookie: (name: string) => {
      delete jar[name];
    },
  } as unknown as Response;
  return { jar, req, res };
}

const started = () =>
  newPending({ group: 'military', returnTo: '/account', customerId: 'customer-1', sessionId: 'session-1' });

describe('the pending verification', () => {
  it('makes an S256 challenge of a fresh verifier and a fresh state each time', () => {
    const a = started();
    const b = started();
    expect(a.pending.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.pending.state).not.toBe(b.pending.state);
    expect(a.challenge).not.toBe(b.challenge);
  });

  it('is given back once, to the browser that holds it, for its own state only', async () => {
    const store = verificationStateStore(SECRET);
    const { pending } = started();
    const mine = browser();
    await store.save(mine.req(), mine.res, pending);
    const sealed = Object.values(mine.jar)[0];
    expect(sealed).not.toContain('customer-1');

    expect(await store.take(browser().req(), browser().res, pending.state)).toBeUndefined();
    const wrong = browser();
    Object.assign(wrong.jar, mine.jar);
    expect(await store.take(wrong.req(), wrong.res, 'another-state')).toBeUndefined();

    const again = browser();
    Object.assign(again.jar, mine.jar);
    expect(await store.take(again.req(), again.res, pending.state)).toEqual(pending);
    expect(again.jar).toEqual({});
    // The same cookie replayed: the state was taken.
    expect(await store.take(mine.req(), mine.res, pending.state)).toBeUndefined();
  });

  it('expires after ten minutes', async () => {
    let now = Date.parse('2026-11-23T12:00:00Z');
    const store = verificationStateStore(SECRET, () => now);
    const { pending } = started();
    const mine = browser();
    await store.save(mine.req(), mine.res, pending);
    now += 10 * 60_000 + 1000;
    expect(await store.take(mine.req(), mine.res, pending.state)).toBeUndefined();
  });
});
