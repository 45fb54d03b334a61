import { randomUUID } from 'node:crypto';
import type { PrivacyPreferences } from '@shop/contracts';
import {
  type CheckoutStack,
  INTERNAL_CAPTCHA,
  checkoutShopper,
  orderBody,
  startCheckoutStack,
  stockedSkus,
} from './checkout-support';
import { authClient } from './support';

let stack: CheckoutStack;
beforeAll(async () => {
  stack = await startCheckoutStack('loyalty-consent');
}, 180_000);
afterAll(() => stack?.stop());

describe('the rewards programme', () => {
  it('is for signed-in shoppers (401) on a brand with loyalty on (404 elsewhere)', async () => {
    const guest = await checkoutShopper(stack, 'everwear');
    expect((await guest.loyalty()).body.error.code).toBe('SessionRequired');
    expect((await guest.joinLoyalty()).status).toBe(401);
    const elsewhere = await checkoutShopper(stack, 'vanityfair');
    await elsewhere.register();
    const off = await elsewhere.loyalty();
    expect(off.status).toBe(404);
    expect(off.body.error).toMatchObject({ code: 'FEATURE_DISABLED', correlationId: expect.any(String) });
    expect((await elsewhere.joinLoyalty()).status).toBe(404);
  });

  it('invites a customer to join, then joins once with the welcome bonus however many joins race', async () => {
    const shopper = await checkoutShopper(stack, 'everwear');
    await shopper.register();
    const before = await shopper.loyalty();
    expect(before.status).toBe(200);
    expect(before.headers.get('cache-control')).toContain('no-store');
    expect(before.body).toEqual({
      programme: { pointsPerDollar: 2, centsPerPoint: 1, welcomeBonus: 1000 },
      member: null,
      history: [],
    });
    const joins = await Promise.all(Array.from({ length: 4 }, () => shopper.joinLoyalty()));
    expect(joins.map((j) => j.status).sort()).toEqual([200, 200, 200, 201]);
    expect(joins.filter((j) => j.body.joined)).toHaveLength(1);
    const after = (await shopper.loyalty()).body;
    expect(after.member).toEqual({
      balance: 1000,
      held: 0,
      available: 1000,
      pending: 0,
      owed: 0,
      joinedAt: expect.any(String),
    });
    expect(after.history).toEqual([{ kind: 'welcome', points: 1000, at: after.member!.joinedAt }]);
  });

  it('lists the points an order earned and redeemed, with its number; a customer who has not joined earns none', async () => {
    const [item, other] = await stockedSkus(stack, 'everwear', 3);
    const member = await checkoutShopper(stack, 'everwear');
    await member.register();
    await member.joinLoyalty();
    await member.add(item.sku, 1);
    await member.ready();
    const redeemed = (await member.redeem(100)).body;
    const placed = await member.place(randomUUID(), orderBody(redeemed));
    expect(placed.status).toBe(201);
    const earned = 2 * Math.floor((item.price - 100) / 100);
    expect(placed.body.loyalty).toEqual({ earned, redeemed: 100 });
    const { member: standing, history } = (await member.loyalty()).body;
    // Earned points wait until the order ships (abuse-loyalty.test.ts follows them further).
    expect(standing).toMatchObject({ balance: 1000 - 100, held: 0, pending: earned });
    expect(history.map(({ kind, points, orderNumber }) => ({ kind, points, orderNumber }))).toEqual([
      { kind: 'pending', points: earned, orderNumber: placed.body.orderNumber },
      { kind: 'redeemed', points: -100, orderNumber: placed.body.orderNumber },
      { kind: 'welcome', points: 1000, orderNumber: undefined },
    ]);

    const stranger = await checkoutShopper(stack, 'everwear');
    await stranger.register();
    await stranger.add(other.sku, 1);
    const ready = await stranger.ready();
    expect(ready.checkout.loyalty).toBeUndefined();
    const order = await stranger.place(randomUUID(), orderBody(ready));
    expect(order.status).toBe(201);
    expect(order.body.loyalty).toBeUndefined();
    expect((await stranger.loyalty()).body.member).toBeNull();
  });
});

describe('the privacy choice of a signed-in customer', () => {
  const PASSWORD = 'A-Long-Passphrase-42';
  /** A fresh browser on everwear. */
  const browser = () => {
    const client = authClient(stack.gateway.url, `everwear.localhost:${new URL(stack.gateway.url).port}`);
    const json = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' };
    return {
      client,
      async choose(analytics: boolean, marketing: boolean, headers: Record<string, string> = {}) {
        const response = await client.send('/api/privacy/preferences', {
          method: 'PUT',
          headers: { ...json, 'x-csrf-token': await client.csrfToken(), ...headers },
          body: JSON.stringify({ analytics, marketing }),
        });
        expect(response.status).toBe(200);
        return (await response.json()) as PrivacyPreferences;
      },
      async preferences(headers: Record<string, string> = {}) {
        return (await (await client.send('/api/privacy/preferences', { headers })).json()) as PrivacyPreferences;
      },
      async signIn(email: string) {
        const response = await client.send('/callback/credentials', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-auth-return-redirect': '1' },
          body: new URLSearchParams({
            csrfToken: await client.csrfToken(),
            email,
            password: PASSWORD,
            captchaToken: INTERNAL_CAPTCHA,
          }).toString(),
        });
        const answer = (await response.json()) as { url: string };
        expect(answer.url).not.toContain('error');
        expect((await client.getSession())?.user).toMatchObject({ email });
      },
    };
  };
  const customer = async () => (await checkoutShopper(stack, 'everwear')).register();
  const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

  it('is stored on the customer and follows them to another browser', async () => {
    const email = await customer();
    const first = browser();
    await first.signIn(email);
    expect(await first.preferences()).toMatchObject({ analytics: true, marketing: true, source: 'default' });
    expect(await first.choose(false, true)).toEqual({
      analytics: false,
      marketing: true,
      gpc: false,
      source: 'customer',
    });
    const second = browser();
    expect((await second.preferences()).source).toBe('default');
    await second.signIn(email);
    expect(await second.preferences()).toEqual({ analytics: false, marketing: true, gpc: false, source: 'customer' });
    // Global Privacy Control still wins in the browser that sends it, and changes nothing stored.
    expect(await second.preferences({ 'sec-gpc': '1' })).toMatchObject({
      analytics: false,
      marketing: false,
      source: 'gpc',
    });
    const third = browser();
    await third.signIn(email);
    expect(await third.preferences()).toMatchObject({ analytics: false, marketing: true, source: 'customer' });
  });

  it('at sign-in, the newer of the guest’s choice in this browser and the account’s choice wins', async () => {
    const email = await customer();
    // A guest choice made before the account's newer one loses to it.
    const earlierGuest = browser();
    expect((await earlierGuest.choose(false, false)).source).toBe('session');
    await tick();
    const member = browser();
    await member.signIn(email);
    await member.choose(true, false);
    await earlierGuest.signIn(email);
    expect(await earlierGuest.preferences()).toMatchObject({ analytics: true, marketing: false, source: 'customer' });

    // A guest choice made after it wins, and becomes the account's.
    await tick();
    const laterGuest = browser();
    await laterGuest.choose(false, true);
    await laterGuest.signIn(email);
    expect(await laterGuest.preferences()).toMatchObject({ analytics: false, marketing: true, source: 'customer' });
    const elsewhere = browser();
    await elsewhere.signIn(email);
    expect(await elsewhere.preferences()).toMatchObject({ analytics: false, marketing: true, source: 'customer' });
  });
});
