import { type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually } from '@shop/node-kit/testing';
import { UpstreamUnavailableError } from '../upstream-guard';
import { catalogOperations } from './catalog';
import { CommerceRequestError } from './commerce-request-error';
import { createTransport } from './transport';

/**
 * A stand-in platform that holds every GraphQL answer until the test lets it go, so calls made
 * at once are still in flight together, and says how many requests reached it.
 */
function heldPlatform() {
  const held: Array<{ operationName: string; variables: Record<string, unknown>; res: ServerResponse }> = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/oauth/token')) {
        return res.end(JSON.stringify({ access_token: 'token', token_type: 'Bearer', expires_in: 3600 }));
      }
      const { operationName, variables } = JSON.parse(body);
      held.push({ operationName, variables, res });
    });
  });
  const answer = ({ operationName, variables, res }: (typeof held)[number]) => {
    if (operationName === 'Broken') return res.writeHead(500).end('{}');
    if (operationName === 'Refused')
      return res.end(JSON.stringify({ errors: [{ message: 'No.', extensions: { code: 'InvalidInput' } }] }));
    if (operationName === 'RootCategory') return res.end(JSON.stringify({ data: { category: { id: 'root' } } }));
    if (operationName === 'BrandCategories') return res.end(JSON.stringify({ data: { categories: { results: [] } } }));
    return res.end(JSON.stringify({ data: { echo: variables } }));
  };
  return {
    server,
    /** Requests that reached the platform so far. */
    received: () => held.length,
    operations: () => held.map((h) => h.operationName),
    /** Answers every request held so far. */
    releaseAll: () => held.filter((h) => !h.res.writableEnded).forEach(answer),
  };
}

describe('shared catalog reads', () => {
  const logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
  let platform: ReturnType<typeof heldPlatform>;
  let transport: ReturnType<typeof createTransport>;

  beforeEach(async () => {
    platform = heldPlatform();
    await new Promise<void>((resolve) => platform.server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(platform.server.address() as AddressInfo).port}`;
    transport = createTransport({
      apiUrl: url,
      authUrl: url,
      projectKey: 'shop',
      clientId: 'id',
      clientSecret: 'secret',
      logger,
    });
  });
  afterEach(() => new Promise((resolve) => platform.server.close(resolve)));

  /** Starts the calls at once, waits until the platform has received `total` requests in all, answers them, and settles every call. */
  async function inFlightTogether<T>(calls: Array<() => Promise<T>>, total: number) {
    const pending = calls.map((call) => call().then(...settled));
    await eventually(() => expect(platform.received()).toBe(total));
    platform.releaseAll();
    return Promise.all(pending);
  }
  const settled = [(value: unknown) => ({ value }), (error: unknown) => ({ error })] as const;
  const read =
    (variables: Record<string, unknown>, correlationId = 'c') =>
    () =>
      transport.graphql('Listing', 'query Listing { x }', variables, { correlationId, shared: true });

  it('sends identical reads in flight at once as one request, and every caller gets its answer', async () => {
    const results = await inFlightTogether([read({ page: 1 }, 'a'), read({ page: 1 }, 'b'), read({ page: 1 }, 'c')], 1);
    expect(results).toEqual(Array(3).fill({ value: { echo: { page: 1 } } }));
    // Nothing is kept once the answer is in: the next read asks again.
    await inFlightTogether([read({ page: 1 })], 2);
  });

  it('gives a failed answer to every caller that shared it', async () => {
    const broken = () => transport.graphql('Broken', 'query Broken { x }', {}, { correlationId: 'a', shared: true });
    const outage = await inFlightTogether([broken, broken, broken], 1);
    expect(outage.every((r) => 'error' in r && r.error instanceof UpstreamUnavailableError)).toBe(true);
    expect(new Set(outage.map((r) => ('error' in r ? r.error : r))).size).toBe(1);

    const refused = () => transport.graphql('Refused', 'query Refused { x }', {}, { correlationId: 'a', shared: true });
    const refusals = await inFlightTogether([refused, refused], 2);
    expect(refusals.every((r) => 'error' in r && r.error instanceof CommerceRequestError)).toBe(true);
  });

  it('never shares between different variables or operations', async () => {
    const other = () =>
      transport.graphql('Other', 'query Other { x }', { page: 1 }, { correlationId: 'c', shared: true });
    const results = await inFlightTogether([read({ page: 1 }), read({ page: 2 }), other], 3);
    expect(results.map((r) => 'value' in r && r.value)).toEqual([
      { echo: { page: 1 } },
      { echo: { page: 2 } },
      { echo: { page: 1 } },
    ]);
  });

  it('never shares a mutation, nor a read that did not ask to share', async () => {
    const write = () =>
      transport.graphql('Listing', 'mutation Listing { x }', { page: 1 }, { correlationId: 'c', shared: true });
    await inFlightTogether([write, write, write], 3);
    const ownRead = () => transport.graphql('Listing', 'query Listing { x }', { page: 1 }, { correlationId: 'c' });
    await inFlightTogether([ownRead, ownRead], 5);
  });

  it('shares the catalog reads: two shoppers loading one category tree at once make one pair of requests', async () => {
    const catalog = catalogOperations(transport.graphql);
    const tree = (correlationId: string) => () => catalog.getCategories('everwear', { correlationId });
    const pending = [tree('a')(), tree('b')()];
    await eventually(() => expect(platform.operations()).toEqual(['RootCategory']));
    platform.releaseAll();
    await eventually(() => expect(platform.operations()).toEqual(['RootCategory', 'BrandCategories']));
    platform.releaseAll();
    expect(await Promise.all(pending)).toEqual([[], []]);
  });
});
