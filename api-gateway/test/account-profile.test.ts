import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  authClient,
  captchaAt,
  commerceAt,
  commerceGraphql,
  mailsTo,
  resetLinkIn,
  startBuiltService,
  startTestGateway,
} from './support';

let commerce: Awaited<ReturnType<typeof startBuiltService>>;
let vendors: Awaited<ReturnType<typeof startBuiltService>>;
let gateway: Awaited<ReturnType<typeof startTestGateway>>;

beforeAll(async () => {
  [commerce, vendors] = await Promise.all([
    startBuiltService(
      'commerce',
      { COMMERCE_DATA_DIR: mkdtempSync(join(tmpdir(), 'gw-profile-')), COMMERCE_SEED_PRODUCTS: '10' },
      'COMMERCE_PORT',
    ),
    startBuiltService('vendors', { CAPTCHA_SECRET: 'captcha-secret-for-tests' }, 'VENDORS_PORT'),
  ]);
  gateway = await startTestGateway({
    commerce: commerceAt(commerce.url),
    captcha: captchaAt(vendors.url, 'captcha-secret-for-tests', 'internal-captcha-secret-for-tests-0001'),
    trustProxy: ['loopback'],
  });
}, 120_000);
afterAll(async () => {
  await gateway?.stop();
  await Promise.all([commerce?.stop(), vendors?.stop()]);
});

type Client = ReturnType<typeof authClient>;
const send = async (client: Client, method: string, path: string, body?: Record<string, unknown>) => {
  const response = await client.send(path, {
    method,
    headers: { 'content-type': 'application/json', 'x-csrf-token': await client.csrfToken() },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
};

let serial = 0;
const PASSWORD = 'a-good-long-passphrase';
async function registered(marketingOptIn = false) {
  const client = authClient(gateway.url);
  const email = `profile-${++serial}-${Date.now()}@example.com`;
  const created = await send(client, 'POST', '/api/account/register', {
    email,
    password: PASSWORD,
    firstName: 'Ada',
    lastName: 'Lovelace',
    marketingOptIn,
  });
  expect(created.status).toBe(201);
  return { client, email };
}

const address = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  streetName: '12 Main St',
  city: 'Albany',
  state: 'NY',
  postalCode: '12207',
  country: 'US',
};

describe('the signed-in profile', () => {
  it('answers 401 SessionRequired without a signed-in session', async () => {
    const guest = authClient(gateway.url);
    expect(await send(guest, 'GET', '/api/account/profile')).toMatchObject({
      status: 401,
      body: { error: { code: 'SessionRequired' } },
    });
    expect((await send(guest, 'POST', '/api/account/addresses', { address, version: 1 })).status).toBe(401);
  });

  it('keeps the marketing opt-in from registration and changes names, which the session follows', async () => {
    const { client, email } = await registered(true);
    const profile = await send(client, 'GET', '/api/account/profile');
    expect(profile.body).toEqual({
      email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      version: expect.any(Number),
      marketingOptIn: true,
      addresses: [],
    });
    const changed = await send(client, 'PATCH', '/api/account/profile', {
      firstName: 'Grace',
      lastName: 'Hopper',
      marketingOptIn: false,
      version: profile.body.version,
    });
    expect(changed).toMatchObject({ status: 200, body: { firstName: 'Grace', marketingOptIn: false } });
    expect((await client.getSession())?.user).toMatchObject({ firstname: 'Grace', lastname: 'Hopper' });
  });

  it('refuses a write from a stale tab with 409 VERSION_CONFLICT carrying the current profile', async () => {
    const { client } = await registered();
    const read = (await send(client, 'GET', '/api/account/profile')).body;
    const firstTab = await send(client, 'PATCH', '/api/account/profile', {
      firstName: 'First',
      lastName: 'Tab',
      marketingOptIn: true,
      version: read.version,
    });
    expect(firstTab.status).toBe(200);
    const secondTab = await send(client, 'PATCH', '/api/account/profile', {
      firstName: 'Second',
      lastName: 'Tab',
      marketingOptIn: false,
      version: read.version,
    });
    expect(secondTab).toMatchObject({
      status: 409,
      body: {
        error: {
          code: 'VERSION_CONFLICT',
          current: { firstName: 'First', lastName: 'Tab', marketingOptIn: true, version: firstTab.body.version },
        },
      },
    });
    expect((await send(client, 'GET', '/api/account/profile')).body.firstName).toBe('First');
  });

  it('changes the e-mail only with the current password, and never to an address another account has', async () => {
    const { client } = await registered();
    const other = await registered();
    const { version } = (await send(client, 'GET', '/api/account/profile')).body;
    expect(
      await send(client, 'POST', '/api/account/email', { email: 'x@example.com', currentPassword: 'wrong', version }),
    ).toMatchObject({ status: 403, body: { error: { code: 'WRONG_PASSWORD' } } });
    expect(
      await send(client, 'POST', '/api/account/email', {
        email: other.email.toUpperCase(),
        currentPassword: PASSWORD,
        version,
      }),
    ).toMatchObject({ status: 409, body: { error: { code: 'EMAIL_TAKEN' } } });
    const fresh = `changed-${Date.now()}@example.com`;
    const changed = await send(client, 'POST', '/api/account/email', {
      email: fresh,
      currentPassword: PASSWORD,
      version,
    });
    expect(changed).toMatchObject({ status: 200, body: { email: fresh } });
    expect((await client.getSession())?.user).toMatchObject({ email: fresh });
  });

  it('changes the password, ends the other sessions and keeps this one signed in', async () => {
    const { client, email } = await registered();
    const otherDevice = authClient(gateway.url);
    const signedIn = await otherDevice.send('/callback/credentials', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-auth-return-redirect': '1' },
      body: new URLSearchParams({
        csrfToken: await otherDevice.csrfToken(),
        email,
        password: PASSWORD,
        captchaToken: 'internal-captcha-secret-for-tests-0001',
      }).toString(),
    });
    expect(signedIn.status).toBe(200);
    expect((await otherDevice.getSession())?.user).toMatchObject({ email });
    expect(
      await send(client, 'POST', '/api/account/password', {
        currentPassword: 'wrong',
        newPassword: 'another-passphrase',
      }),
    ).toMatchObject({ status: 403, body: { error: { code: 'WRONG_PASSWORD' } } });
    expect(
      await send(client, 'POST', '/api/account/password', { currentPassword: PASSWORD, newPassword: 'password1' }),
    ).toMatchObject({ status: 400, body: { error: { code: 'WEAK_PASSWORD' } } });
    const changed = await send(client, 'POST', '/api/account/password', {
      currentPassword: PASSWORD,
      newPassword: 'another-good-passphrase',
    });
    expect(changed.status).toBe(200);
    expect(await otherDevice.getSession()).toBeNull();
    expect((await client.getSession())?.user).toMatchObject({ email, isLoggedIn: true });
    expect((await send(client, 'GET', '/api/account/profile')).status).toBe(200);
  });

  it("saves, changes and removes addresses, and refuses another customer's address id", async () => {
    const { client } = await registered();
    const other = await registered();
    let profile = (await send(client, 'GET', '/api/account/profile')).body;
    const added = await send(client, 'POST', '/api/account/addresses', { address, version: profile.version });
    expect(added).toMatchObject({ status: 201, body: { addresses: [{ ...address, id: expect.any(String) }] } });
    profile = added.body;
    const id = profile.addresses[0].id as string;
    const changed = await send(client, 'PUT', `/api/account/addresses/${id}`, {
      address: { ...address, city: 'Troy', postalCode: '12180' },
      version: profile.version,
    });
    expect(changed).toMatchObject({ status: 200, body: { addresses: [{ id, city: 'Troy' }] } });
    expect((await send(client, 'GET', '/api/account/addresses')).body).toEqual(changed.body.addresses);

    const otherProfile = (await send(other.client, 'GET', '/api/account/profile')).body;
    for (const attempt of [
      () => send(other.client, 'PUT', `/api/account/addresses/${id}`, { address, version: otherProfile.version }),
      () => send(other.client, 'DELETE', `/api/account/addresses/${id}?version=${otherProfile.version}`),
    ])
      expect(await attempt()).toMatchObject({ status: 404, body: { error: { code: 'ADDRESS_NOT_FOUND' } } });

    const removed = await send(
      client,
      'DELETE',
      `/api/account/addresses/${id}?version=${changed.body.version as number}`,
    );
    expect(removed).toMatchObject({ status: 200, body: { addresses: [] } });
  });

  it('refuses bad input with 4xx in the one error shape', async () => {
    const { client } = await registered();
    const { version } = (await send(client, 'GET', '/api/account/profile')).body;
    const cases: Array<[string, string, Record<string, unknown> | undefined]> = [
      ['PATCH', '/api/account/profile', { firstName: '', lastName: 'x', marketingOptIn: true, version }],
      ['PATCH', '/api/account/profile', { firstName: 'a', lastName: 'b', marketingOptIn: 'yes', version }],
      ['PATCH', '/api/account/profile', { firstName: 'a', lastName: 'b', marketingOptIn: true, version: -1 }],
      ['POST', '/api/account/email', { email: 'not-an-email', currentPassword: PASSWORD, version }],
      ['POST', '/api/account/password', { currentPassword: PASSWORD }],
      ['POST', '/api/account/addresses', { address: { ...address, state: 'ZZ' }, version }],
      ['POST', '/api/account/addresses', { address: { ...address, postalCode: 'abc' }, version }],
      ['DELETE', '/api/account/addresses/some-id?version=abc', undefined],
      ['PUT', '/api/account/addresses/bad%20id!', { address, version }],
    ];
    for (const [method, path, body] of cases) {
      const answer = await send(client, method, path, body);
      expect({ method, path, status: answer.status >= 400 && answer.status < 500 }).toEqual({
        method,
        path,
        status: true,
      });
      expect(answer.body).toEqual({
        error: expect.objectContaining({
          code: expect.any(String),
          message: expect.any(String),
          correlationId: expect.any(String),
        }),
      });
    }
  });

  it('signs the shopper in after a password reset, with the bag they filled as a guest, and ends the sessions that were open before', async () => {
    const { client: before, email } = await registered();
    const browser = authClient(gateway.url);
    await browser.signIn('guest', '/');
    const { productProjectionSearch } = await commerceGraphql(
      commerce.url,
      `query { productProjectionSearch(storeProjection: "vanityfair", limit: 20, sorts: ["id asc"]) { results {
        allVariants { sku availability { noChannel { availableQuantity } } } } } }`,
    );
    const sku: string = productProjectionSearch.results
      .flatMap(
        (p: { allVariants: Array<{ sku: string; availability?: { noChannel?: { availableQuantity: number } } }> }) =>
          p.allVariants,
      )
      .find(
        (v: { availability?: { noChannel?: { availableQuantity: number } } }) =>
          (v.availability?.noChannel?.availableQuantity ?? 0) > 2,
      ).sku;
    const added = await send(browser, 'POST', '/api/cart/lineItem', {
      sku,
      quantity: 1,
      inventoryListKey: 'vanityfair-online',
    });
    expect(added.status).toBe(200);
    expect((await send(browser, 'POST', '/api/account/password/forgot', { email })).status).toBe(202);
    const [mail] = await mailsTo(gateway, email, 'password-reset');
    const token = resetLinkIn(mail).searchParams.get('token') as string;
    const reset = await send(browser, 'POST', '/api/account/password/reset', {
      token,
      newPassword: 'a-reset-passphrase',
    });
    expect(reset).toMatchObject({ status: 200, body: { url: '/account' } });
    expect((await browser.getSession())?.user).toMatchObject({ email, isLoggedIn: true });
    const bag = await send(browser, 'GET', '/api/cart');
    expect(bag.body.lines.map((line: { sku: string }) => line.sku)).toEqual([sku]);
    expect(await before.getSession()).toBeNull();
  });
});
