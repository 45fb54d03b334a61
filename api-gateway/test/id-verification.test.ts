import {
  type CheckoutStack,
  answerIdmeConsent,
  type Json,
  type Shopper,
  checkoutShopper,
  startCheckoutStack,
  stockedSkus,
} from './checkout-support';

let stack: CheckoutStack;
beforeAll(async () => {
  stack = await startCheckoutStack('id-verification');
}, 180_000);
afterAll(() => stack?.stop());

/** A registered, signed-in customer on a brand's site. */
async function customer(brand = 'everwear') {
  const shopper = await checkoutShopper(stack, brand);
  await shopper.register();
  return shopper;
}

const get = (shopper: Shopper, path: string) => shopper.client.send(path, { redirect: 'manual' });

/** /api/idMe/start: the provider's authorize URL it redirects to. */
async function start(shopper: Shopper, query = 'group=military') {
  const answer = await get(shopper, `/api/idMe/start?${query}`);
  expect(answer.status).toBe(302);
  const location = new URL(answer.headers.get('location') as string);
  expect(location.origin).toBe(stack.idmeUrl);
  return location;
}

/** The person's choice on the provider's page; the provider's redirect back to the shop's callback. */
async function decide(authorize: URL, decision: 'approve' | 'deny' = 'approve', group = 'military') {
  const page = await fetch(authorize);
  expect(page.status).toBe(200);
  const answer = await answerIdmeConsent(stack, authorize, decision, group);
  expect(answer.status).toBe(302);
  const callback = new URL(answer.headers.get('location') as string);
  expect(callback.pathname).toBe('/api/idMe/callback');
  return `${callback.pathname}${callback.search}`;
}

const status = async (shopper: Shopper) => {
  const answer = await get(shopper, '/api/idMe/status');
  return { status: answer.status, body: (await answer.json()) as Json };
};

describe('identity verification (ID.me) end to end', () => {
  it('verifies a group, stores it on the customer and issues one code that only this customer can apply', async () => {
    const ada = await customer();
    expect((await status(ada)).body).toEqual({ available: true });

    const callback = await decide(await start(ada, 'group=military&returnTo=%2Faccount%2Forders'));
    const back = await get(ada, callback);
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('/account/orders?idme=verified');

    const verified = await status(ada);
    expect(verified.body).toMatchObject({ available: true, group: 'military', verifiedAt: expect.any(String) });
    expect(verified.body.code).toMatch(/^IDME-MILITARY-[0-9A-HJKMNP-TV-Z]{8}$/);
    const code = verified.body.code as string;

    // The provider's answer once more (the state is taken, the cookie gone): refused, explained on a page.
    const replay = await get(ada, callback);
    expect(replay.status).toBe(400);
    expect(replay.headers.get('content-type')).toMatch(/text\/html/);
    expect(await replay.text()).toContain('This verification link has expired');

    // Verifying the same group again keeps the one code.
    await get(ada, await decide(await start(ada)));
    expect((await status(ada)).body.code).toBe(code);

    const [item] = await stockedSkus(stack, 'everwear', 3);
    expect((await ada.add(item.sku, 1)).status).toBe(200);
    const applied = await ada.addCode(code.toLowerCase());
    expect(applied.status).toBe(200);
    const body = applied.body as Json;
    expect(body.discountCodes).toEqual([expect.objectContaining({ code, state: 'MatchesCart' })]);
    expect(body.discountTotal.centAmount).toBe(
      body.subtotal.centAmount - Math.floor(body.subtotal.centAmount * 0.9 + 0.5),
    );

    const bob = await customer();
    expect((await bob.add(item.sku, 1)).status).toBe(200);
    const refused = await bob.addCode(code);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('DISCOUNT_CODE_INVALID');
  });

  it('explains a denial on a page and changes nothing', async () => {
    const cara = await customer();
    const answer = await get(cara, await decide(await start(cara), 'deny'));
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('Verification cancelled');
    expect((await status(cara)).body).toEqual({ available: true });
  });

  it('refuses a state that is not the one this browser started with', async () => {
    const dan = await customer();
    const callback = new URL(await decide(await start(dan)), 'http://x');
    callback.searchParams.set('state', 'forged-state-0123456789');
    const answer = await get(dan, `${callback.pathname}${callback.search}`);
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('This verification link has expired');

    // Another browser (no state cookie) presenting a real callback is refused too.
    const eve = await customer();
    const stolen = await get(eve, await decide(await start(dan)));
    expect(stolen.status).toBe(400);
    expect((await status(eve)).body).toEqual({ available: true });
  });

  it('asks for a signed-in customer', async () => {
    const guest = await checkoutShopper(stack, 'everwear');
    for (const path of ['/api/idMe/start?group=military', '/api/idMe/status']) {
      const answer = await get(guest, path);
      expect(answer.status).toBe(401);
      expect(((await answer.json()) as Json).error.code).toBe('SessionRequired');
    }
  });

  it('is absent where the brand has it switched off', async () => {
    const shopper = await customer('vanityfair');
    const answer = await get(shopper, '/api/idMe/start?group=military');
    expect(answer.status).toBe(404);
    expect((await status(shopper)).body).toEqual({ available: false });
  });

  it('answers bad input with a 400 naming the field', async () => {
    const shopper = await customer();
    for (const [query, field] of [
      ['group=pirate', 'group'],
      ['', 'group'],
      ['group=military&returnTo=%2F%2Fevil.example', 'returnTo'],
      ['group=military&returnTo=https%3A%2F%2Fevil.example', 'returnTo'],
      ['group=military&extra=1', 'extra'],
    ]) {
      const answer = await get(shopper, `/api/idMe/start?${query}`);
      expect(answer.status).toBe(400);
      const body = (await answer.json()) as Json;
      expect(body.error).toMatchObject({ code: 'INVALID_PARAMETER', correlationId: expect.any(String) });
      expect(body.error.message).toContain(field);
    }
  });
});
