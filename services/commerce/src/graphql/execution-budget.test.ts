import { createLogger } from '@shop/node-kit';
import type { CommerceServices } from '../services';
import { createGraphqlExecutor } from './execute';
import { ExecutionBudget } from './execution-budget';
import { GRAPHQL_LIMITS } from './limits';

const stores = Array.from({ length: 30 }, (_, i) => ({
  key: `store-${i}`,
  name: { 'en-US': `Store ${i}` },
  inventoryListKey: `list-${i}`,
}));
/** Only what the `stores` resolver touches; `delayMs` makes the database slow. */
const fakeServices = (delayMs = 0) =>
  ({
    stores: { all: () => new Promise((resolve) => setTimeout(() => resolve(stores), delayMs)) },
  }) as unknown as CommerceServices;
const logger = createLogger('silent');
const QUERY = '{ stores(limit: 30) { total results { key name(locale: "en-US") } } }';

describe('ExecutionBudget', () => {
  it('lets fields through until the deadline, then fails every one with QueryTimedOut', () => {
    let clock = 0;
    const budget = new ExecutionBudget({ timeBudgetMs: 100, maxResolvedFields: 1000 }, () => clock);
    budget.charge();
    clock = 100;
    budget.charge();
    clock = 101;
    expect(() => budget.charge()).toThrow(expect.objectContaining({ code: 'QueryTimedOut', statusCode: 400 }));
    clock = 0;
    expect(() => budget.charge()).toThrow(expect.objectContaining({ code: 'QueryTimedOut' }));
  });

  it('fails with ResponseTooLarge past the field count', () => {
    const budget = new ExecutionBudget({ timeBudgetMs: 1000, maxResolvedFields: 2 }, () => 0);
    budget.charge();
    budget.charge();
    expect(() => budget.charge()).toThrow(expect.objectContaining({ code: 'ResponseTooLarge' }));
  });
});

describe('GraphQL executor budgets', () => {
  it('answers normally within the limits', async () => {
    const run = createGraphqlExecutor(fakeServices(), logger, { introspection: false });
    const result = await run({ query: QUERY }, 'test-correlation');
    expect(result.status).toBe(200);
    expect(JSON.parse(result.json)).toEqual(result.body);
    expect((result.body.data as { stores: { total: number } }).stores.total).toBe(30);
  });

  it('answers a single QueryTimedOut once the time budget is spent, not partial data', async () => {
    const run = createGraphqlExecutor(fakeServices(20), logger, {
      introspection: false,
      limits: { ...GRAPHQL_LIMITS, timeBudgetMs: 10 },
    });
    const result = await run({ query: QUERY }, 'test-correlation');
    expect(result.status).toBe(400);
    expect(result.body).toEqual({
      errors: [{ message: expect.stringMatching(/longer than 10 ms/), extensions: { code: 'QueryTimedOut' } }],
    });
  });

  it('answers a mutation that ran past the time budget: its writes are done, and the answer is all that is left', async () => {
    const customer = { id: 'c1', version: 1, email: 'ada@example.com', custom: undefined };
    const services = {
      customers: { signUp: () => new Promise((resolve) => setTimeout(() => resolve(customer), 30)) },
    } as unknown as CommerceServices;
    const run = createGraphqlExecutor(services, logger, {
      introspection: false,
      limits: { ...GRAPHQL_LIMITS, timeBudgetMs: 10 },
    });
    const result = await run(
      {
        query: `mutation { customerSignUp(draft: { email: "ada@example.com", password: "Secret-Pass-1" }) {
          customer { id version email } } }`,
      },
      'test-correlation',
    );
    expect(result.body).toEqual({
      data: { customerSignUp: { customer: { id: 'c1', version: 1, email: 'ada@example.com' } } },
    });
  });

  it('answers ResponseTooLarge instead of a response over the byte limit', async () => {
    const run = createGraphqlExecutor(fakeServices(), logger, {
      introspection: false,
      limits: { ...GRAPHQL_LIMITS, maxResponseBytes: 500 },
    });
    const result = await run({ query: QUERY }, 'test-correlation');
    expect(result.status).toBe(400);
    expect(result.body).toEqual({
      errors: [{ message: expect.stringMatching(/exceed 500 bytes/), extensions: { code: 'ResponseTooLarge' } }],
    });
    expect(result.json.length).toBeLessThan(500);
  });

  it('stops resolving fields past the field budget', async () => {
    const run = createGraphqlExecutor(fakeServices(), logger, {
      introspection: false,
      limits: { ...GRAPHQL_LIMITS, maxResolvedFields: 10 },
    });
    const result = await run({ query: QUERY }, 'test-correlation');
    expect(result.body.errors?.[0].extensions.code).toBe('ResponseTooLarge');
  });
});
