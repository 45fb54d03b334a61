import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestGateway } from './support';

/**
 * The platform answers, but with an error no route expects (here the budget refusal a slow query
 * gets): the gateway answers 502 and says which call was refused, so a failure under load can
 * be traced to its operation; the platform's own message stays in the gateway's log.
 */
let refusing: Server;
let gateway: Awaited<ReturnType<typeof startTestGateway>>;

beforeAll(async () => {
  refusing = createServer((req, res) => {
    req.resume();
    res.setHeader('content-type', 'application/json');
    if (req.url?.includes('/oauth/token')) {
      res.end(
        JSON.stringify({ access_token: 'token', token_type: 'Bearer', expires_in: 3600, scope: 'manage_project:shop' }),
      );
      return;
    }
    res.statusCode = 400;
    res.end(
      JSON.stringify({
        errors: [
          {
            message: 'The query took longer than 5000 ms; ask for less at once.',
            extensions: { code: 'QueryTimedOut' },
          },
        ],
      }),
    );
  });
  await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(refusing.address() as AddressInfo).port}/commerce`;
  gateway = await startTestGateway({
    commerce: {
      apiUrl: base,
      authUrl: base,
      projectKey: 'shop',
      clientId: 'shop-gateway-dev',
      clientSecret: 'dev-only-commerce-client-secret',
    },
    catalogCacheTtlSeconds: 0,
  });
}, 30_000);
afterAll(async () => {
  await gateway?.stop();
  await new Promise((resolve) => refusing.close(resolve));
});

it('answers 502 naming the refused commerce call, without the platform’s message', async () => {
  const response = await fetch(`${gateway.url}/api/products?category=bras`);
  expect(response.status).toBe(502);
  const body = (await response.json()) as { error: { code: string; message: string; correlationId: string } };
  expect(body.error).toEqual({
    code: 'UPSTREAM_FAILED',
    message: 'A service we depend on did not answer as expected (commerce RootCategory). Please try again.',
    correlationId: expect.any(String),
  });
});
