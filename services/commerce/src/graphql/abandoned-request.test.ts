import { createLogger } from '@shop/node-kit';
import type { CommerceServices } from '../services';
import { createGraphqlExecutor } from './execute';

const stores = Array.from({ length: 5 }, (_, i) => ({
  key: `store-${i}`,
  name: { 'en-US': `Store ${i}` },
  inventoryListKey: `list-${i}`,
}));
const QUERY = '{ stores(limit: 5) { total results { key name(locale: "en-US") } } }';

/** Counts the database reads the `stores` resolver makes; `read` decides when each one answers. */
function countedServices(read: () => Promise<void> = () => Promise.resolve()) {
  const calls = { reads: 0 };
  const services = {
    stores: {
      all: async () => {
        calls.reads += 1;
        await read();
        return stores;
      },
    },
  } as unknown as CommerceServices;
  return { services, calls };
}

describe('a GraphQL request whose caller has gone', () => {
  it('is not run at all when the caller left while it waited for its turn', async () => {
    const { services, calls } = countedServices();
    const run = createGraphqlExecutor(services, createLogger('silent'), { introspection: false });
    const caller = new AbortController();
    caller.abort();
    const result = await run({ query: QUERY }, 'test-correlation', caller.signal);
    expect(result.body.errors?.[0].extensions.code).toBe('RequestAbandoned');
    expect(calls.reads).toBe(0);
  });

  it('stops resolving fields once the caller leaves mid-way, instead of finishing an answer nobody reads', async () => {
    const caller = new AbortController();
    // The caller gives up while the resolver waits for the database.
    const { services, calls } = countedServices(async () => caller.abort());
    const run = createGraphqlExecutor(services, createLogger('silent'), { introspection: false });
    const result = await run({ query: QUERY }, 'test-correlation', caller.signal);
    expect(calls.reads).toBe(1);
    expect(result.body).toEqual({
      errors: [{ message: expect.any(String), extensions: { code: 'RequestAbandoned' } }],
    });
  });

  it('answers as before while the caller waits', async () => {
    const { services } = countedServices();
    const run = createGraphqlExecutor(services, createLogger('silent'), { introspection: false });
    const result = await run({ query: QUERY }, 'test-correlation', new AbortController().signal);
    expect(result.status).toBe(200);
    expect((result.body.data as { stores: { total: number } }).stores.total).toBe(5);
  });
});
