import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Router } from 'express';
import { createLogger } from '@shop/node-kit';
import { generate } from 'otplib';
import { createCommerceClient } from '../src/clients/commercetools';
import { createUpstreamGuard } from '../src/clients/upstream-guard';
import { staffAccountRepository } from '../src/modules/admin/staff-account-repository';
import { staffDirectory } from '../src/modules/admin/staff-directory';
import { totpSecretSeal } from '../src/modules/admin/totp-secret-seal';
import { OPS_KEY, vendorsAt } from './checkout-support';
import { authClient, captchaAt, commerceAt, registeredRoutes, startBuiltService, startTestGateway } from './support';

type Gateway = Awaited<ReturnType<typeof startTestGateway>>;
const INTERNAL_CAPTCHA = 'internal-captcha-secret-for-tests-0003';
const CRM_KEY = 'crm-key-for-gateway-tests-0003';
let gateway: Gateway;
let commerce: Awaited<ReturnType<typeof startBuiltService>>;
let vendors: Awaited<ReturnType<typeof startBuiltService>>;
/** A staff session (a manager of every brand) for the /api/admin routes, so a broken field reaches their own checks. */
const staff = { cookie: '', csrfToken: '' };

// The real commerce and vendor services stand behind this gateway: a field that slipped past
// validation would reach them and be answered, so only the gateway's own checks can give a 4xx.
beforeAll(async () => {
  const data = mkdtempSync(join(tmpdir(), 'gw-bad-input-'));
  [commerce, vendors] = await Promise.all([
    startBuiltService(
      'commerce',
      { COMMERCE_DATA_DIR: join(data, 'commerce-db'), COMMERCE_SEED_PRODUCTS: '40' },
      'COMMERCE_PORT',
    ),
    startBuiltService(
      'vendors',
      { CAPTCHA_SECRET: 'captcha-secret-for-tests', CRM_API_KEY: CRM_KEY, VENDORS_DATA_DIR: join(data, 'vendors-db') },
      'VENDORS_PORT',
    ),
  ]);
  // The stand-in CRM opens its database on the first request, which can outlast the gateway's
  // 2.5 s read deadline (a 503, rightly); this sweep is about validation, so open it first.
  await Promise.all(
    ['/cases', '/leads'].map((path) =>
      fetch(`${vendors.url}${path}`, { headers: { authorization: `Bearer ${CRM_KEY}` } }),
    ),
  );
  gateway = await startTestGateway({
    commerce: commerceAt(commerce.url),
    captcha: captchaAt(vendors.url, 'captcha-secret-for-tests', INTERNAL_CAPTCHA),
    crm: { url: vendors.url, apiKey: CRM_KEY },
    vendors: vendorsAt(vendors.url, 'http://127.0.0.1:9', 'http://127.0.0.1:9'),
    opsApiKey: OPS_KEY,
    // Each sweep request comes from its own address, so per-address limits never answer for validation.
    trustProxy: ['loopback'],
  });
  const logger = createLogger('silent');
  const accounts = staffAccountRepository(
    createCommerceClient({ ...commerceAt(commerce.url), logger, guard: createUpstreamGuard('commerce', logger) }),
    // startTestGateway's AUTH_SECRET: the gateway opens the second-factor secret this seals.
    totpSecretSeal('test-auth-secret-0123456789abcdef0123456789'),
  );
  const brands = [...gateway.catalog.keys()];
  const { totpSecret } = await staffDirectory(accounts).create({
    email: 'sweep-staff@example.com',
    password: 'Sweep-Staff-Passphrase-9',
    roles: Object.fromEntries(brands.map((brand) => [brand, 'manager' as const])),
  });
  const client = authClient(gateway.url, 'hoopcraft.localhost');
  const signedIn = await client.send('/api/admin/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': await client.csrfToken() },
    body: JSON.stringify({
      email: 'sweep-staff@example.com',
      password: 'Sweep-Staff-Passphrase-9',
      totp: await generate({ secret: totpSecret }),
    }),
  });
  expect(signedIn.status).toBe(200);
  staff.csrfToken = ((await signedIn.json()) as { csrfToken: string }).csrfToken;
  staff.cookie = client.jar.get('shop-staff') ?? '';
}, 120_000);
afterAll(async () => {
  await gateway?.stop();
  await Promise.all([commerce?.stop(), vendors?.stop()]);
});

const POSTS = [
  '/api/auth/signin/credentials',
  '/api/auth/callback/credentials',
  '/api/auth/signin/guest',
  '/api/auth/callback/guest',
  '/api/auth/signin/google',
  '/api/auth/signout',
  '/api/auth/session',
  '/api/account/register',
  '/api/account/password/forgot',
  '/api/account/password/reset',
  '/api/contact',
  '/api/leads',
];

const WRONG_TYPES = [
  {
    email: 42,
    password: ['x'],
    firstName: { a: 1 },
    lastName: null,
    token: 7,
    newPassword: false,
    data: 'nope',
    callbackUrl: { '//': 'evil' },
  },
  {
    email: 'a'.repeat(400),
    password: 'p'.repeat(2000),
    firstName: '',
    lastName: 'x'.repeat(200),
    token: 'short',
    newPassword: 'x',
  },
];

/** Never a 5xx: a JSON 4xx error, or (Auth.js sign-in semantics) a redirect naming the error. */
async function expectHandled(response: Response) {
  expect(response.status).toBeLessThan(500);
  if (response.status >= 400) {
    const body = (await response.json()) as {
      error: { code: string; message: string; correlationId: string; fields?: Record<string, string> };
    };
    const { fields, ...error } = body.error;
    expect(error).toEqual({ code: expect.any(String), message: expect.any(String), correlationId: expect.any(String) });
    // Form routes also name each wrong field.
    if (fields) expect(Object.values(fields).every((message) => typeof message === 'string')).toBe(true);
  } else {
    const text = await response.text();
    expect(
      text.includes('error=') || response.headers.get('location')?.includes('error=') || response.status === 200,
    ).toBe(true);
  }
}

describe('bad input on every auth and account route', () => {
  it.each(POSTS)('%s: malformed JSON', async (path) => {
    const client = authClient(gateway.url);
    await client.csrfToken();
    const response = await client.send(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"csrfToken": "x", ',
    });
    expect(response.status).toBe(400);
    await expectHandled(response);
  });

  it.each(POSTS)('%s: wrong types and bounds, with a valid CSRF token', async (path) => {
    const client = authClient(gateway.url);
    for (const fields of WRONG_TYPES) {
      const response = await client.send(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-auth-return-redirect': '1' },
        body: JSON.stringify({ csrfToken: await client.csrfToken(), ...fields }),
      });
      await expectHandled(response);
    }
  });

  it.each(POSTS)('%s: oversized body', async (path) => {
    const client = authClient(gateway.url);
    const response = await client.send(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ csrfToken: await client.csrfToken(), email: 'x'.repeat(64 * 1024) }),
    });
    expect(response.status).toBe(413);
    await expectHandled(response);
  });

  it.each(POSTS)('%s: missing fields', async (path) => {
    const client = authClient(gateway.url);
    const response = await client.send(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-return-redirect': '1' },
      body: JSON.stringify({ csrfToken: await client.csrfToken() }),
    });
    await expectHandled(response);
  });

  it('handles odd query strings on the GET routes', async () => {
    const client = authClient(gateway.url);
    for (const path of [
      '/api/auth/error?error[]=x',
      '/api/auth/session?x=%ZZ',
      '/api/user/postLogin?callbackUrl[]=//evil&anonymousCartId=%00',
      '/api/auth/signin/google/authorize?callbackUrl=//evil',
    ]) {
      await expectHandled(await client.send(path));
    }
  });
});

describe('CSRF tokens from outside', () => {
  it.each(POSTS)('%s refuses a token of the right length in other bytes with 403, never a 5xx', async (path) => {
    const client = authClient(gateway.url);
    await client.csrfToken();
    const response = await client.send(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ csrfToken: 'é'.repeat(64), email: 'a@example.com' }),
    });
    expect(response.status).toBe(403);
    await expectHandled(response);
  });
});

/**
 * The sweep: every registered /api route (from app.locals.apiMounts, so a new route is covered
 * the day it is mounted) and every field its OpenAPI operation documents -- body properties,
 * query and path parameters -- gets NUL, a lone surrogate, a control character, wrong types,
 * an oversize value and deep nesting, one field at a time on an otherwise valid request.
 * Nothing may answer 5xx; a broken field must be refused with a 4xx before any upstream call.
 */
describe('bad-input sweep over every /api route and field', () => {
  type Operation = {
    parameters?: Array<{ name: string; in: string }>;
    requestBody?: {
      content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }>;
    };
  };
  type Case = { label: string; send: () => Promise<Response>; mustRefuse: boolean; expectCode?: string };
  let sent = 0;
  let serverErrors = 0;
  const failures: string[] = [];
  let address = 0;

  const nest = (levels: number) => {
    let value: unknown = 'x';
    for (let i = 0; i < levels; i += 1) value = { a: value };
    return value;
  };
  const TEXT_CASES: Array<[string, string]> = [
    ['NUL', 'ab\u0000cd'],
    ['lone surrogate', 'ab\ud800cd'],
    ['control character', 'ab\u001bcd'],
  ];
  const OTHER_CASES: Array<[string, unknown]> = [
    ['number', 42],
    ['object', { a: 'x' }],
    ['array', ['x', 'y']],
    ['boolean', true],
    ['null', null],
    ['oversize', 'x'.repeat(9000)],
    ['nested 30 levels', nest(30)],
  ];
  /** A valid value per field name, so each case breaks exactly one field. */
  const VALID: Record<string, unknown> = {
    email: 'sweep@example.com',
    password: 'Sweep-Passphrase-9',
    newPassword: 'Sweep-Passphrase-9',
    firstName: 'Ann',
    lastName: 'Lee',
    token: 'a'.repeat(32),
    captchaToken: INTERNAL_CAPTCHA,
    callbackUrl: '/account',
    placement: 'footer',
    phone: '+1 555 0100',
    country: 'US',
    topic: 'order',
    message: 'Where is my order, please?',
    orderNumber: 'VF100123',
    data: { firstname: 'Ann' },
    context: { device: 'phone' },
    event: 'PAGE_VIEW',
    eventId: '7a1c1a52-4a0e-4c55-9d0a-2b2a0f7c1d11',
    eventUrl: 'http://127.0.0.1/c/bras',
    sku: 'VF1-34B',
    quantity: 1,
    inventoryListKey: 'hoopcraft-online',
    code: 'HOOPCRAFT10',
    cartTemplate: 'starter-kit',
    cartId: '6d0c9a52-1c2b-4d7e-9f10-3a4b5c6d7e8f',
    expectedTotal: 1000,
    points: 100,
    shippingMethod: 'standard-ground',
  };
  /** Fields that only mean something with another field (a tracking event keeps sku only on add-to-cart). */
  const COMPANIONS: Record<string, Record<string, unknown>> = {
    sku: { event: 'ADD_TO_CART', quantity: 1 },
    quantity: { event: 'ADD_TO_CART', sku: 'VF1-34B' },
    orderNumber: { event: 'ORDER' },
  };
  const PATH_VALUES: Record<string, string> = {
    provider: 'credentials',
    id: 'VF1-34B',
    path: 'learn',
    lineItemId: '6d0c9a52-1c2b-4d7e-9f10-3a4b5c6d7e8f',
    orderNumber: 'VF1234567890',
    brand: 'hoopcraft',
    number: '1',
  };

  const check = async (route: string, { label, send, mustRefuse, expectCode }: Case) => {
    const response = await send();
    sent += 1;
    const where = `${route} ${label}: ${response.status}`;
    if (response.status >= 500) {
      serverErrors += 1;
      failures.push(`${where} (5xx)`);
      return;
    }
    if (mustRefuse && (response.status < 400 || response.status >= 500)) failures.push(`${where} (not refused)`);
    if (response.status >= 400) {
      const body = (await response.json().catch(() => undefined)) as
        { error?: { code?: unknown; message?: unknown; correlationId?: unknown } } | undefined;
      const error = body?.error;
      if (
        typeof error?.code !== 'string' ||
        typeof error.message !== 'string' ||
        typeof error.correlationId !== 'string'
      )
        failures.push(`${where} (not the error shape)`);
      else if (expectCode && error.code !== expectCode)
        failures.push(`${where} (${error.code}, expected ${expectCode})`);
    }
  };

  it('refuses every broken field with a 4xx and never answers 5xx', async () => {
    const document = (await (await fetch(`${gateway.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const operationOf = (method: string, path: string): Operation | undefined => {
      if (document.paths[path]?.[method]) return document.paths[path][method];
      const match = Object.entries(document.paths).find(
        ([documented, methods]) =>
          methods[method] && new RegExp(`^${documented.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path),
      );
      return match?.[1][method];
    };
    const routes = registeredRoutes(gateway.app.locals.apiMounts as Array<[string, Router]>);
    expect(routes.length).toBeGreaterThan(20);
    // Checkout and orders are swept like every other route.
    expect(routes).toEqual(
      expect.arrayContaining([
        'get /api/checkout',
        'post /api/cart',
        'put /api/cart',
        'post /api/cart/customerEmail',
        'post /api/cart/taxes',
        'post /api/cart/loyalty/redemption',
        'delete /api/cart/loyalty/redemption',
        'post /api/orders',
        'get /api/orders/{orderNumber}',
        'post /api/ops/orders/{orderNumber}/fulfil',
        'post /api/ops/orders/{orderNumber}/cancel',
        // The admin's, with a staff session that may change every brand.
        'post /api/admin/session',
        'delete /api/admin/session',
        'put /api/admin/brands/{brand}/flags/{key}',
        'post /api/admin/brands/{brand}/flags/audit/{number}/rollback',
        'post /api/admin/brands/{brand}/preview-link',
      ]),
    );

    for (const route of routes) {
      const [method, template] = route.split(' ');
      const operation = operationOf(method, template);
      if (!operation) {
        failures.push(`${route}: not in the OpenAPI document, so its fields are unknown`);
        continue;
      }
      const client = authClient(gateway.url, 'hoopcraft.localhost');
      // The bag's routes with a guest session, so a broken field would reach past the session check.
      if (template.startsWith('/api/cart')) await client.signIn('guest', '/');
      // The admin's with the staff session, and its CSRF token (the sign-in itself takes the site's).
      const staffRoute = template.startsWith('/api/admin/') && route !== 'post /api/admin/session';
      if (template.startsWith('/api/admin/')) client.jar.set('shop-staff', staff.cookie);
      await client.csrfToken();
      const pathParams = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      const queryParams = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const urlFor = (overrides: Record<string, string> = {}) =>
        template.replace(
          /\{([A-Za-z]+)\}/g,
          (_m, name: string) => overrides[name] ?? encodeURIComponent(PATH_VALUES[name] ?? 'x'),
        );
      const headers = () => ({
        'x-forwarded-for': `10.9.${Math.floor(address / 250)}.${(address++ % 250) + 1}`,
        'sec-fetch-site': 'same-origin',
        // The back-office routes with their key, so a broken field reaches their own checks.
        ...(template.startsWith('/api/ops/') ? { authorization: `Bearer ${OPS_KEY}` } : {}),
      });
      const schema =
        operation.requestBody?.content['application/json']?.schema ??
        operation.requestBody?.content['application/x-www-form-urlencoded']?.schema;
      const bodyWith = async (field: string, value: unknown) => {
        const csrfToken = staffRoute
          ? staff.csrfToken
          : ((await (await client.send('/csrf')).json()) as { csrfToken: string }).csrfToken;
        // csrfToken only where the form has one: the tracking record is strict and would refuse it for its own reason.
        const base: Record<string, unknown> =
          schema?.properties && 'csrfToken' in schema.properties ? { csrfToken } : {};
        for (const name of schema?.required ?? []) if (name !== 'csrfToken' && name in VALID) base[name] = VALID[name];
        return { ...base, ...(COMPANIONS[field] ?? {}), [field]: value };
      };
      const send =
        (url: string, body?: string, contentType = 'application/json') =>
        () =>
          client.send(url, {
            method: method.toUpperCase(),
            headers: {
              ...headers(),
              ...(body !== undefined ? { 'content-type': contentType } : {}),
              'x-auth-return-redirect': '1',
            },
            body,
          });

      const cases: Case[] = [];
      for (const name of pathParams) {
        cases.push({ label: `path ${name} NUL`, send: send(urlFor({ [name]: 'ab%00cd' })), mustRefuse: true });
        cases.push({
          label: `path ${name} control character`,
          send: send(urlFor({ [name]: 'ab%1Bcd' })),
          mustRefuse: true,
        });
        cases.push({
          label: `path ${name} oversize`,
          send: send(urlFor({ [name]: 'x'.repeat(3000) })),
          mustRefuse: true,
        });
      }
      for (const name of queryParams) {
        const query = (value: string) => `${urlFor()}?${name}=${value}`;
        cases.push({ label: `query ${name} NUL`, send: send(query('ab%00cd')), mustRefuse: true });
        cases.push({ label: `query ${name} control character`, send: send(query('ab%1Bcd')), mustRefuse: true });
        cases.push({ label: `query ${name} oversize`, send: send(query('x'.repeat(5000))), mustRefuse: true });
        // Repeated and bracketed names: arrays are legitimate for the catalog filters, objects never form.
        cases.push({ label: `query ${name} repeated`, send: send(`${query('a')}&${name}=b`), mustRefuse: false });
        cases.push({
          label: `query ${name}[a][b] nested`,
          send: send(`${urlFor()}?${name}[a][b][c]=x`),
          mustRefuse: false,
        });
      }
      if (schema) {
        for (const field of Object.keys(schema.properties ?? {})) {
          if (field === 'csrfToken') continue;
          // A number where a number belongs (quantity) or an object where one does (data) is not a wrong type.
          const wrongTypes = OTHER_CASES.filter(
            ([label]) =>
              !(label === 'number' && typeof VALID[field] === 'number') &&
              !(label === 'object' && typeof VALID[field] === 'object'),
          );
          for (const [label, value] of [...TEXT_CASES, ...wrongTypes]) {
            cases.push({
              label: `body ${field} ${label}`,
              send: async () => send(urlFor(), JSON.stringify(await bodyWith(field, value)))(),
              mustRefuse: true,
            });
          }
          cases.push({
            label: `form ${field} NUL`,
            send: async () =>
              send(
                urlFor(),
                new URLSearchParams({
                  ...((await bodyWith(field, 'ab\u0000cd')) as Record<string, string>),
                }).toString(),
                'application/x-www-form-urlencoded',
              )(),
            mustRefuse: true,
          });
        }
        const deep = `${'['.repeat(1000)}${']'.repeat(1000)}`;
        cases.push({
          label: 'body nested 1,000 levels',
          send: send(urlFor(), deep),
          mustRefuse: true,
          expectCode: 'BODY_TOO_DEEP',
        });
        cases.push({ label: 'body a JSON array', send: send(urlFor(), '[]'), mustRefuse: true });
        cases.push({ label: 'body malformed JSON', send: send(urlFor(), '{"email": '), mustRefuse: true });
        cases.push({
          label: 'body over the size limit',
          send: send(urlFor(), JSON.stringify({ email: 'x'.repeat(70 * 1024) })),
          mustRefuse: true,
        });
      }
      for (const item of cases) await check(route, item);
    }

    console.log(`bad-input sweep: ${sent} requests over ${routes.length} routes, ${serverErrors} answered 5xx`);
    expect(failures).toEqual([]);
    expect(serverErrors).toBe(0);
    expect(sent).toBeGreaterThan(500);
  }, 300_000);
});
