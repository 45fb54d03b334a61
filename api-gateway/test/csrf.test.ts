import type { Router } from 'express';
import { CSRF_ALLOW_LIST, UNSAFE_METHODS } from '../src/entry-points/http/middleware/csrf-protection';
import { authClient, registeredRoutes, request, startTestGateway } from './support';

type Gateway = Awaited<ReturnType<typeof startTestGateway>>;
let gateway: Gateway;
beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(() => gateway.stop());

const unsafeRoutes = () =>
  registeredRoutes(gateway.app.locals.apiMounts as Array<[string, Router]>)
    .map((route) => route.split(' ') as [string, string])
    .filter(([method]) => UNSAFE_METHODS.includes(method.toUpperCase() as never));
const allowListed = (method: string, path: string) =>
  CSRF_ALLOW_LIST.some((entry) => entry.method === method.toUpperCase() && entry.path === path);
// Path parameters get a value the route knows, so a refusal can only come from the missing token.
const urlOf = (path: string) => path.replace('{provider}', 'google').replace(/\{[^}]+\}/g, 'x');

async function expectMissingCsrf(response: Response, where: string) {
  const body = (await response.json().catch(() => undefined)) as { error?: Record<string, unknown> } | undefined;
  expect({ where, status: response.status, body }).toEqual({
    where,
    status: 403,
    body: { error: { code: 'MissingCSRF', message: expect.any(String), correlationId: expect.any(String) } },
  });
}

describe('CSRF middleware', () => {
  it('allows exactly the routes that cannot carry a token, each with its reason', () => {
    expect(CSRF_ALLOW_LIST.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /api/tracking',
      'POST /api/ofrep/v1/evaluate/flags',
      'POST /api/ofrep/v1/evaluate/flags/{key}',
      'POST /api/ops/orders/{orderNumber}/fulfil',
      'POST /api/ops/orders/{orderNumber}/cancel',
      'POST /api/ops/orders/{orderNumber}/ready',
      'POST /api/ops/orders/{orderNumber}/ship',
      'POST /api/ops/orders/{orderNumber}/deliver',
      'PUT /api/ops/flags/{brand}/{key}',
      'POST /api/ops/flags/{brand}/audit/{number}/rollback',
      'POST /api/ops/products/{style}/withdraw',
      'POST /api/ops/products/{style}/restore',
      'POST /api/ops/returns/{returnId}/refund',
      'POST /api/ops/jobs/dead/{queue}/{id}/again',
    ]);
    for (const entry of CSRF_ALLOW_LIST) expect(entry.reason.length).toBeGreaterThan(20);
  });

  it('finds every allow-listed route mounted, so the list names nothing stale', () => {
    const mounted = unsafeRoutes().map(([method, path]) => `${method.toUpperCase()} ${path}`);
    for (const { method, path } of CSRF_ALLOW_LIST) expect(mounted).toContain(`${method} ${path}`);
  });

  it('refuses every other mounted unsafe /api route without the token with 403 in the one error shape', async () => {
    const routes = unsafeRoutes().filter(([method, path]) => !allowListed(method, path));
    expect(routes.length).toBeGreaterThanOrEqual(22);
    // Every write to the bag is among them.
    expect(routes.map(([method, path]) => `${method} ${path}`)).toEqual(
      expect.arrayContaining([
        'post /api/cart/lineItem',
        'patch /api/cart/lineItem/{lineItemId}',
        'put /api/cart/lineItem/{lineItemId}',
        'delete /api/cart/lineItem/{lineItemId}',
        'post /api/cart/discountCode',
        'delete /api/cart/discountCode/{id}',
        'post /api/cart/create',
        'post /api/cart/previousBag',
        'delete /api/cart/previousBag',
        'post /api/cart',
        'put /api/cart',
        'post /api/cart/customerEmail',
        'post /api/cart/taxes',
        'post /api/cart/loyalty/redemption',
        'delete /api/cart/loyalty/redemption',
        'post /api/orders',
      ]),
    );
    for (const [method, path] of routes) {
      const client = authClient(gateway.url);
      // The CSRF cookie is set: only the token in the request is missing (then wrong).
      await client.csrfToken();
      const init = (
        extra: Record<string, string> = {},
        body: Record<string, unknown> = { email: 'shopper@example.com' },
      ) => ({
        method: method.toUpperCase(),
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', ...extra },
        body: JSON.stringify(body),
      });
      await expectMissingCsrf(await client.send(urlOf(path), init()), `${method} ${path} without a token`);
      await expectMissingCsrf(
        await client.send(urlOf(path), init({ 'x-csrf-token': 'f'.repeat(64) })),
        `${method} ${path} with a wrong header token`,
      );
      await expectMissingCsrf(
        await client.send(urlOf(path), init({}, { csrfToken: 'f'.repeat(64) })),
        `${method} ${path} with a wrong body token`,
      );
    }
  });

  it('takes the token from the X-CSRF-Token header as well as from the body', async () => {
    const client = authClient(gateway.url);
    const token = await client.csrfToken();
    const response = await client.send('/api/auth/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': token },
      body: JSON.stringify({ data: { firstname: 'Ann' } }),
    });
    expect(response.status).toBe(200);
  });

  it('covers every mounted router, whatever its methods; a path nothing is mounted at stays a 404', async () => {
    const send = (method: string, path: string) =>
      request(`${gateway.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', 'content-length': '2' },
        body: '{}',
      });
    for (const [method, path] of [
      ['PUT', '/api/products'],
      ['DELETE', '/api/auth/session'],
      ['PATCH', '/api/stores'],
      ['POST', '/api/openapi.json'],
    ]) {
      await expectMissingCsrf(await send(method, path), `${method} ${path}`);
    }
    for (const [method, path] of [
      ['POST', '/api/nowhere'],
      ['DELETE', '/anything'],
    ]) {
      expect({ method, path, status: (await send(method, path)).status }).toEqual({ method, path, status: 404 });
    }
  });

  it('lets an allow-listed route through to its own checks', async () => {
    const response = await authClient(gateway.url).send('/api/tracking', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      body: '{}',
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('CROSS_SITE_REQUEST');
  });
});
