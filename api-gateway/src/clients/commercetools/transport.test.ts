import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UpstreamUnavailableError } from '../upstream-guard';
import { CommerceRequestError } from './commerce-request-error';
import { createTransport } from './transport';

/** A stand-in commerce platform that records what the client sends. */
function fakePlatform() {
  const seen: Array<{ url: string; authorization?: string; body: string }> = [];
  let tokens = 0;
  let rejectNextBearer = false;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', authorization: req.headers.authorization, body });
      res.setHeader('content-type', 'application/json');
      res.setHeader('x-correlation-id', 'upstream-123');
      if (req.url?.startsWith('/oauth/token')) {
        tokens += 1;
        return res.end(
          JSON.stringify({
            access_token: `token-${tokens}`,
            token_type: 'Bearer',
            expires_in: 3600,
            scope: 'manage_project:shop',
          }),
        );
      }
      if (rejectNextBearer) {
        rejectNextBearer = false;
        res.statusCode = 401;
        return res.end(
          JSON.stringify({
            statusCode: 401,
            message: 'expired',
            errors: [{ code: 'invalid_token', message: 'expired' }],
          }),
        );
      }
      if (req.url === '/shop/graphql') {
        const { operationName } = JSON.parse(body);
        if (operationName === 'Quiet') {
          return res.end(
            JSON.stringify({
              errors: [{ message: 'ERROR_EXPECTED_BY_CALLER', extensions: { code: 'InvalidOperation' } }],
            }),
          );
        }
        if (operationName === 'Duplicate') {
          return res.end(
            JSON.stringify({ errors: [{ message: 'dup', extensions: { code: 'DuplicateField', field: 'email' } }] }),
          );
        }
        return res.end(JSON.stringify({ data: { ok: true } }));
      }
      res.statusCode = 400;
      return res.end(
        JSON.stringify({
          statusCode: 400,
          message: 'Account with the given credentials not found.',
          errors: [{ code: 'InvalidCredentials' }],
        }),
      );
    });
  });
  return { server, seen, rejectNext: () => (rejectNextBearer = true), tokenCount: () => tokens };
}

describe('commerce client', () => {
  const platform = fakePlatform();
  let url: string;
  const logged: Array<[string, Record<string, unknown> | undefined]> = [];
  const logger = {
    debug: () => undefined,
    info: () => undefined,
    warn: () => undefined,
    error: (m: string, f?: Record<string, unknown>) => logged.push([m, f]),
  };
  let clock = 0;
  let client: ReturnType<typeof createTransport>;

  beforeAll(async () => {
    await new Promise<void>((resolve) => platform.server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(platform.server.address() as AddressInfo).port}`;
    client = createTransport({
      apiUrl: url,
      authUrl: url,
      projectKey: 'shop',
      clientId: 'id',
      clientSecret: 'secret',
      logger,
      now: () => clock,
    });
  });
  afterAll(() => new Promise((resolve) => platform.server.close(resolve)));

  it('fetches one token for concurrent calls, sends GraphQL as operationName/variables/query with a bearer', async () => {
    await Promise.all([client.graphql('A', 'query A { ok }'), client.graphql('B', 'query B { ok }', { x: 1 })]);
    expect(platform.tokenCount()).toBe(1);
    const tokenCall = platform.seen.find((s) => s.url.startsWith('/oauth/token'));
    expect(tokenCall?.authorization).toBe(`Basic ${Buffer.from('id:secret').toString('base64')}`);
    expect(tokenCall?.body).toBe('grant_type=client_credentials&scope=manage_project%3Ashop');
    const graphql = platform.seen.filter((s) => s.url === '/shop/graphql');
    expect(graphql.every((s) => s.authorization === 'Bearer token-1')).toBe(true);
    expect(JSON.parse(graphql[1].body)).toEqual({ operationName: 'B', variables: { x: 1 }, query: 'query B { ok }' });
  });

  it('renews the token shortly before it expires, and once on a 401', async () => {
    clock += 3600 * 1000 - 60 * 1000;
    await client.graphql('A', 'query A { ok }');
    expect(platform.tokenCount()).toBe(2);
    platform.rejectNext();
    await expect(client.graphql('A', 'query A { ok }')).resolves.toEqual({ ok: true });
    expect(platform.tokenCount()).toBe(3);
  });

  it('throws platform errors with their code, logging them with the upstream correlation id unless expected', async () => {
    logged.length = 0;
    await expect(
      client.graphql('Duplicate', 'mutation Duplicate { x }', {}, { expected: ['DuplicateField'] }),
    ).rejects.toMatchObject({
      code: 'DuplicateField',
      extensions: { field: 'email' },
    });
    expect(logged).toEqual([]);
    const refused = await client
      .graphql('Duplicate', 'mutation Duplicate { x }', {}, { correlationId: 'gw-1' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CommerceRequestError);
    // The refusal names the call that was refused, for the gateway's answer and its log.
    expect(refused).toMatchObject({ operation: 'Duplicate' });
    expect(logged[0][1]).toMatchObject({
      correlationId: 'gw-1',
      operation: 'Duplicate',
      upstreamCorrelationId: 'upstream-123',
      code: 'DuplicateField',
    });
  });

  it('does not log messages that start with ERROR_', async () => {
    logged.length = 0;
    await expect(client.graphql('Quiet', 'mutation Quiet { x }')).rejects.toMatchObject({ code: 'InvalidOperation' });
    expect(logged).toEqual([]);
  });

  it('throws a non-OK login with the server message', async () => {
    await expect(client.inStoreLogin('everwear', { email: 'a@b.co', password: 'x' })).rejects.toMatchObject({
      status: 400,
      code: 'InvalidCredentials',
      message: 'Account with the given credentials not found.',
    });
  });

  it('turns an unreachable platform into an UpstreamUnavailableError', async () => {
    const offline = createTransport({
      apiUrl: 'http://127.0.0.1:9',
      authUrl: url,
      projectKey: 'shop',
      clientId: 'id',
      clientSecret: 'secret',
      logger,
    });
    await expect(offline.graphql('A', 'query A { ok }')).rejects.toMatchObject({
      name: 'UpstreamUnavailableError',
      upstream: 'commerce',
      operation: 'A',
    });
    await expect(offline.inStoreLogin('everwear', {})).rejects.toMatchObject({
      upstream: 'commerce',
      operation: 'InStoreLogin',
    });
  });

  it('answers a refused token (a wrong client secret) as an outage, not as an error of the caller', async () => {
    const refusing = createServer((_req, res) =>
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"invalid_client"}'),
    );
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const at = `http://127.0.0.1:${(refusing.address() as AddressInfo).port}`;
    const wrongSecret = createTransport({
      apiUrl: at,
      authUrl: at,
      projectKey: 'shop',
      clientId: 'id',
      clientSecret: 'wrong',
      logger,
    });
    await expect(wrongSecret.graphql('A', 'query A { ok }')).rejects.toBeInstanceOf(UpstreamUnavailableError);
    await new Promise((resolve) => refusing.close(resolve));
  });
});
