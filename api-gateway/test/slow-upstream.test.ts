import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestGateway } from './support';

/**
 * Penetration-test finding 7: a commerce platform that accepts connections but never answers
 * made every request wait the full 10 s. Now a call is abandoned at its deadline, and once the
 * circuit opens the gateway answers 503 without calling the stalled platform at all.
 */
let stalled: Server;
let graphqlCalls = 0;
let gateway: Awaited<ReturnType<typeof startTestGateway>>;

beforeAll(async () => {
  stalled = createServer((req, res) => {
    if (req.url?.includes('/oauth/token')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          access_token: 'token',
          token_type: 'Bearer',
          expires_in: 3600,
          scope: 'manage_project:shop',
        }),
      );
      return;
    }
    // GraphQL: read the request and never answer. The flag overrides' background read has a
    // breaker of its own and is not what this test counts.
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      if (!body.includes('"operationName":"CustomObject"')) graphqlCalls += 1;
    });
  });
  await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(stalled.address() as AddressInfo).port}/commerce`;
  gateway = await startTestGateway({
    commerce: {
      apiUrl: base,
      authUrl: base,
      projectKey: 'shop',
      clientId: 'shop-gateway-dev',
      clientSecret: 'dev-only-commerce-client-secret',
    },
    catalogCacheTtlSeconds: 0,
    breaker: { failures: 2, halfOpenAfterMs: 60_000 },
  });
}, 30_000);
afterAll(async () => {
  await gateway?.stop();
  stalled.closeAllConnections();
  await new Promise((resolve) => stalled.close(resolve));
});

it('answers 503 with Retry-After while commerce stalls, and stops calling it once the circuit opens', async () => {
  const listing = async () => {
    const response = await fetch(`${gateway.url}/api/products?category=bras`);
    const body = (await response.json()) as { error: { code: string; message: string; correlationId: string } };
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body };
  };
  for (let i = 0; i < 2; i += 1) {
    const answer = await listing();
    expect(answer.status).toBe(503);
    // The answer names the upstream call that failed, so a failure under load can be traced.
    expect(answer.body.error).toEqual({
      code: 'UPSTREAM_UNAVAILABLE',
      message: expect.stringMatching(/temporarily unavailable \(commerce RootCategory\)/),
      correlationId: expect.any(String),
    });
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
  }
  const callsWhenOpened = graphqlCalls;
  expect(callsWhenOpened).toBe(2);
  // The circuit is open: the next requests fail at once, with the wait until the next probe.
  for (let i = 0; i < 5; i += 1) {
    const answer = await listing();
    expect(answer.status).toBe(503);
    expect(Number(answer.retryAfter)).toBeGreaterThan(30);
  }
  expect(graphqlCalls).toBe(callsWhenOpened);
}, 30_000);
