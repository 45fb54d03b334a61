import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WELCOME_CODE_PATTERN } from '@shop/contracts';
import { authClient, commerceAt, mailsTo, startBuiltService, startTestGateway } from './support';

const CRM_KEY = 'crm-key-for-gateway-tests-0002';
let vendors: Awaited<ReturnType<typeof startBuiltService>>;
let commerce: Awaited<ReturnType<typeof startBuiltService>>;
let gateway: Awaited<ReturnType<typeof startTestGateway>>;

beforeAll(async () => {
  const data = mkdtempSync(join(tmpdir(), 'gw-leads-'));
  [vendors, commerce] = await Promise.all([
    startBuiltService('vendors', { CRM_API_KEY: CRM_KEY, VENDORS_DATA_DIR: join(data, 'vendors-db') }, 'VENDORS_PORT'),
    startBuiltService(
      'commerce',
      { COMMERCE_DATA_DIR: join(data, 'commerce-db'), COMMERCE_SEED_PRODUCTS: '200' },
      'COMMERCE_PORT',
    ),
  ]);
  await fetch(`${vendors.url}/leads`, { headers: { authorization: `Bearer ${CRM_KEY}` } });
  gateway = await startTestGateway({
    crm: { url: vendors.url, apiKey: CRM_KEY },
    commerce: commerceAt(commerce.url),
    trustProxy: ['loopback'],
  });
}, 180_000);
afterAll(async () => {
  await gateway?.stop();
  await Promise.all([vendors?.stop(), commerce?.stop()]);
});

let address = 0;
async function signUp(body: unknown, { host, csrf = true }: { host?: string; csrf?: boolean } = {}) {
  const client = authClient(gateway.url, host);
  const payload =
    csrf && typeof body === 'object' && body !== null && !Array.isArray(body)
      ? { csrfToken: await client.csrfToken(), ...body }
      : body;
  const response = await client.send('/api/leads', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${(address += 1)}` },
    body: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
  return { status: response.status, body: (await response.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}
const leads = async () =>
  (await (await fetch(`${gateway.url}/api/dev/leads?limit=200`)).json()) as {
    total: number;
    leads: Array<{ email: string; optInKey: string }>;
  };

/** A cart that can take the code: one in-stock line of the brand's catalog. */
async function cartWith(storeKey: string, code: string) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const token: any = await (
    await fetch(`${commerce.url}/commerce/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('shop-gateway-dev:dev-only-commerce-client-secret').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    })
  ).json();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const graphql = async (query: string, variables: Record<string, unknown>): Promise<any> =>
    (
      await fetch(`${commerce.url}/commerce/shop/graphql`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      })
    ).json();
  const cart = await graphql(
    'mutation ($draft: CartDraft!, $store: KeyReferenceInput) { createCart(draft: $draft, storeKey: $store) { id version } }',
    { draft: { currency: 'USD' }, store: storeKey },
  );
  if (!cart.data) throw new Error(JSON.stringify(cart.errors));
  const { id, version } = cart.data.createCart;
  return graphql(
    'mutation ($id: String!, $v: Long!, $a: [CartUpdateAction!]!, $store: KeyReferenceInput) { updateCart(id: $id, version: $v, actions: $a, storeKey: $store) { discountCodes { discountCodeRef { id } } } }',
    {
      id,
      v: version,
      a: [{ addDiscountCode: { code } }],
      store: storeKey,
    },
  );
}

describe('POST /api/leads', () => {
  it('signs up, answers with a brand-prefixed WELCOME code valid 30 days that checkout can redeem, and e-mails it', async () => {
    const before = (await leads()).total;
    const { status, body } = await signUp(
      { email: 'Fan.One@Example.com', placement: 'footer' },
      { host: 'hoopcraft.localhost' },
    );
    expect(status).toBe(201);
    expect(body.status).toBe('subscribed');
    expect(body.code).toMatch(WELCOME_CODE_PATTERN);
    expect(body.code.startsWith('HC-WELCOME-')).toBe(true);
    const days = (Date.parse(body.validUntil) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const listed = await leads();
    expect(listed.total).toBe(before + 1);
    expect(listed.leads[0]).toMatchObject({ email: 'Fan.One@Example.com', optInKey: 'hoopcraft_email_optin' });
    const [welcome] = await mailsTo(gateway, 'fan.one@example.com', 'welcome-code');
    expect(welcome).toMatchObject({ kind: 'welcome-code', brand: 'hoopcraft' });
    expect(welcome.text).toContain(body.code);

    const redeemed = await cartWith('hoopcraft', body.code);
    expect(redeemed.errors).toBeUndefined();
    expect(redeemed.data.updateCart.discountCodes).toHaveLength(1);
    // Codes belong to no store, but grant the issuing brand's cart discount, so only its carts take them.
    expect((await cartWith('everwear', body.code)).errors?.[0]?.extensions).toMatchObject({
      code: 'DiscountCodeNonApplicable',
      reason: 'DoesNotMatchCart',
    });
  });

  it('answers a repeat signup gracefully: no second code, the first one e-mailed again, never shown', async () => {
    const first = await signUp({ email: 'repeat@example.com', placement: 'modal' });
    expect(first.status).toBe(201);
    const again = await signUp({ email: ' REPEAT@example.com ', placement: 'footer' });
    expect(again).toEqual({ status: 200, body: { status: 'already-subscribed' } });
    expect(JSON.stringify(again.body)).not.toContain(first.body.code);
    const sent = await mailsTo(gateway, 'repeat@example.com', 'welcome-code', 2);
    expect(sent.map((mail) => mail.text.includes(first.body.code))).toEqual([true, true]);
    // The same address is a new signup on another brand.
    expect(
      (await signUp({ email: 'repeat@example.com', placement: 'modal' }, { host: 'everwear.localhost' })).status,
    ).toBe(201);
  });

  it.each([
    ['a missing e-mail', { placement: 'footer' }, 'email'],
    ['a missing placement', { email: 'a@example.com' }, 'placement'],
    ['a number for an e-mail', { email: 42, placement: 'footer' }, 'email'],
    ['an array for an e-mail', { email: ['a@example.com'], placement: 'footer' }, 'email'],
    ['a huge e-mail', { email: `${'a'.repeat(5000)}@example.com`, placement: 'footer' }, 'email'],
    ['a script tag for an e-mail', { email: '<script>alert(1)</script>@example.com', placement: 'footer' }, 'email'],
    [
      'a script tag in the name',
      { email: 'ok@example.com', firstName: '<script>alert(1)</script>', placement: 'footer' },
      'firstName',
    ],
    ['a huge name', { email: 'ok@example.com', firstName: 'x'.repeat(500), placement: 'footer' }, 'firstName'],
    [
      'a name longer than the CRM keeps',
      { email: 'ok@example.com', firstName: 'x'.repeat(41), placement: 'footer' },
      'firstName',
    ],
    ['an e-mail longer than the CRM keeps', { email: `${'a'.repeat(65)}@example.com`, placement: 'footer' }, 'email'],
    ['an unknown placement', { email: 'ok@example.com', placement: 'popup' }, 'placement'],
    ['an unknown field', { email: 'ok@example.com', placement: 'footer', admin: true }, 'admin'],
  ])('refuses %s with 400 naming the field, and stores nothing', async (_name, body, field) => {
    const before = (await leads()).total;
    const response = await signUp(body);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'VALIDATION_FAILED', correlationId: expect.any(String) });
    expect(Object.keys(response.body.error.fields)).toContain(field);
    expect((await leads()).total).toBe(before);
  });

  it('refuses a body that is not JSON, or too large, or without the CSRF token, and stores nothing', async () => {
    const before = (await leads()).total;
    expect((await signUp('{"email":', { csrf: false })).status).toBe(400);
    expect((await signUp({ email: 'ok@example.com', placement: 'footer', pad: 'x'.repeat(20_000) })).status).toBe(413);
    expect((await signUp({ email: 'ok@example.com', placement: 'footer' }, { csrf: false })).status).toBe(403);
    expect((await leads()).total).toBe(before);
  });

  it('shows stored signups escaped on the dev page', async () => {
    await signUp({ email: 'escape@example.com', firstName: 'Tom & "Jerry" a < b', placement: 'footer' });
    const html = await (await fetch(`${gateway.url}/dev/cases`)).text();
    expect(html).toContain('Tom &amp; &quot;Jerry&quot; a &lt; b');
    expect(html).not.toContain('Tom & "Jerry"');
  });
});
