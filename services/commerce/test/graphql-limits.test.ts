import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getIntrospectionQuery } from 'graphql';
import { type RunningCommerce, start } from '../src/server';
import { CLIENT, client, startCommerce } from './support';

/*
 * The penetration-test findings against the commerce GraphQL and REST edge, over real HTTP.
 * Before the fix the nested-category query below took 13 s and answered 15 MB.
 */
const NESTED =
  '{ categories { results { ancestors { children { ancestors { children { ancestors { children { id key } } } } } } } } }';
const WITH_FRAGMENTS = `query Q { categories { results { ...A } } }
  fragment A on Category { ancestors { ...B } }
  fragment B on Category { children { ...C } }
  fragment C on Category { ancestors { ...D } }
  fragment D on Category { children { ...E } }
  fragment E on Category { ancestors { children { id key } } }`;
const WITH_INLINE_FRAGMENTS =
  '{ categories { results { ... on Category { ancestors { ... on Category { children { ... { ancestors { ... on Category { children { ... { ancestors { id } } } } } } } } } } } } }';
/** Each copy alone is allowed (about 21,000); ten together cost more than the limit. */
const aliased = (count: number) =>
  `{ ${Array.from({ length: count }, (_, i) => `c${i}: categories(limit: 500) { results { children { id key } } }`).join(' ')} }`;

describe('GraphQL limits and text hygiene (PGlite)', () => {
  let commerce: RunningCommerce;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    commerce = await startCommerce('pglite');
    api = client(commerce);
    await api.post('/graphql', { query: '{ stores { total } }' }); // token and warm-up outside the timed checks
  });
  afterAll(() => commerce?.stop());

  const timed = async (body: Record<string, unknown>) => {
    const startedAt = performance.now();
    const answer = await api.post('/graphql', body);
    return { ...answer, ms: performance.now() - startedAt };
  };

  it.each([
    ['plain nesting', NESTED],
    ['named fragments', WITH_FRAGMENTS],
    ['inline fragments', WITH_INLINE_FRAGMENTS],
    ['many aliases of a large page', aliased(10)],
  ])('refuses the costly category query with %s in under 200 ms, before any resolver runs', async (_name, query) => {
    const { status, body, ms } = await timed({ query });
    expect(status).toBe(400);
    expect(body.data).toBeUndefined();
    expect(body.errors).toEqual([
      {
        message: expect.stringMatching(/too complex/),
        extensions: expect.objectContaining({ code: 'QueryComplexityLimitExceeded' }),
      },
    ]);
    expect(ms).toBeLessThan(200);
  });

  it('allows one copy of the aliased page', async () => {
    const { status, body } = await timed({ query: aliased(1) });
    expect(status).toBe(200);
    expect(body.data.c0.results.length).toBeGreaterThan(0);
  });

  it('counts a page size passed as a variable', async () => {
    const query = 'query($n: Int) { categories(limit: $n) { results { children { ancestors { children { id } } } } } }';
    expect((await timed({ query, variables: { n: 500 } })).body.errors[0].extensions.code).toBe(
      'QueryComplexityLimitExceeded',
    );
    const small = await timed({ query, variables: { n: 1 } });
    expect(small.status).toBe(200);
    expect(small.body.data.categories.results).toHaveLength(1);
  });

  it('refuses too many aliases, too many root fields and depth hidden in fragments as InvalidInput', async () => {
    const manyAliases = `{ ${Array.from({ length: 31 }, (_, i) => `s${i}: stores(limit: 1) { total }`).join(' ')} }`;
    const manyRootFields = `{ ${Array.from({ length: 16 }, (_, i) => `s${i}: store(key: "everwear") { key }`).join(' ')} }`;
    const chain = Array.from(
      { length: 16 },
      (_, i) => `fragment F${i} on Category { parent { ${i < 15 ? `...F${i + 1}` : 'id'} } }`,
    ).join('\n');
    const deep = `{ category(key: "x") { ...F0 } }\n${chain}`;
    for (const [query, message] of [
      [manyAliases, /aliases/],
      [manyRootFields, /root fields/],
      [deep, /deeper than 15/],
    ] as const) {
      const { status, body, ms } = await timed({ query });
      expect({ status, code: body.errors[0].extensions.code }).toEqual({ status: 400, code: 'InvalidInput' });
      expect(body.errors[0].message).toMatch(message);
      expect(ms).toBeLessThan(200);
    }
  });

  it('still answers a normal query right after the refused ones', async () => {
    for (const query of [NESTED, WITH_FRAGMENTS, aliased(10)]) await api.post('/graphql', { query });
    const { status, body, ms } = await timed({
      query: '{ categories(limit: 5) { total results { id key ancestors { id } children { id } } } }',
    });
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data.categories.results).toHaveLength(5);
    expect(ms).toBeLessThan(2000);
  });

  it('allows introspection outside production', async () => {
    const { status, body } = await api.post('/graphql', { query: getIntrospectionQuery() });
    expect(status).toBe(200);
    expect(body.data.__schema.queryType.name).toBe('Query');
  });

  it.each([
    ['a bad escape', 'email="a\\q"'],
    ['an unterminated string', 'email="abc'],
    ['a raw control character', 'email="a\u0001b"'],
    ['an escaped lone surrogate', 'email="\\uD800"'],
  ])('answers a where predicate with %s 400 InvalidInput', async (_name, where) => {
    const { status, body } = await api.post('/graphql', {
      query: 'query($w: String) { customers(where: $w) { total } }',
      variables: { w: where },
    });
    expect({ status, code: body.errors[0].extensions.code }).toEqual({ status: 400, code: 'InvalidInput' });
    expect(body.errors[0].message).toMatch(/where predicate/);
  });

  it('answers a where literal with a bad escape inside the query 400 InvalidInput', async () => {
    const { status, body } = await api.post('/graphql', {
      query: '{ customers(where: "email=\\"a\\\\q\\"") { total } }',
    });
    expect({ status, code: body.errors[0].extensions.code }).toEqual({ status: 400, code: 'InvalidInput' });
  });

  it.each([
    ['a NUL in the first name', { firstName: 'Ada\u0000' }],
    ['a lone surrogate in the e-mail', { email: 'ada\uD800@example.com' }],
    ['a lone low surrogate in the last name', { lastName: '\uDC00' }],
  ])('refuses sign-up with %s as 400 InvalidInput, never a 500', async (_name, extra) => {
    const draft = {
      email: 'clean@example.com',
      password: 'Secret-Pass-1',
      firstName: 'Ada',
      lastName: 'Lovelace',
      ...extra,
    };
    const { status, body } = await api.post('/graphql', {
      query:
        'mutation($draft: CustomerSignUpDraft!) { customerSignUp(draft: $draft, storeKey: "everwear") { customer { id } } }',
      variables: { draft },
    });
    expect({ status, code: body.errors[0].extensions.code }).toEqual({ status: 400, code: 'InvalidInput' });
    expect(body.errors[0].message).toMatch(
      /\$\.variables\.draft\.\w+ contains a NUL character or an unpaired UTF-16 surrogate/,
    );
  });

  it.each([
    ['a NUL e-mail', { email: 'shopper@everwear.example\u0000', password: 'Shopper-Pass-1' }],
    ['a lone surrogate in the password', { email: 'shopper@everwear.example', password: 'Shopper-Pass-1\uD83D' }],
    [
      'a NUL in a nested key',
      { email: 'shopper@everwear.example', password: 'Shopper-Pass-1', anonymousCart: { 'id\u0000': 'x' } },
    ],
  ])('refuses in-store login with %s as 400 InvalidInput', async (_name, body) => {
    const login = await api.login('everwear', body);
    expect(login.status).toBe(400);
    expect(login.body).toEqual({
      statusCode: 400,
      message: expect.stringMatching(/\$body.* contains a NUL/),
      errors: [{ code: 'InvalidInput', message: expect.any(String) }],
    });
  });

  it('refuses a NUL in the store key of the login path as 400 InvalidInput', async () => {
    const login = await api.login('ever%00wear', { email: 'shopper@everwear.example', password: 'Shopper-Pass-1' });
    expect({ status: login.status, code: login.body.errors[0].code }).toEqual({ status: 400, code: 'InvalidInput' });
  });

  it('still logs a clean shopper in', async () => {
    const login = await api.login('everwear', { email: 'shopper@everwear.example', password: 'Shopper-Pass-1' });
    expect(login.status).toBe(200);
    expect(login.body.customer.email).toBe('shopper@everwear.example');
  });
});

describe('GraphQL introspection in production', () => {
  let commerce: RunningCommerce;

  beforeAll(async () => {
    commerce = await start({
      port: 0,
      host: '127.0.0.1',
      dataDir: mkdtempSync(join(tmpdir(), 'commerce-')),
      seedProducts: 0,
      logLevel: 'silent',
      clientId: CLIENT.id,
      clientSecret: CLIENT.secret,
      environment: 'production',
    });
  });
  afterAll(() => commerce?.stop());

  it.each([
    ['__schema', getIntrospectionQuery()],
    ['__type', '{ __type(name: "Customer") { fields { name } } }'],
  ])('refuses %s with 400 InvalidInput and still answers ordinary queries', async (field, query) => {
    const api = client(commerce);
    const { status, body } = await api.post('/graphql', { query });
    expect({ status, code: body.errors[0].extensions.code }).toEqual({ status: 400, code: 'InvalidInput' });
    expect(body.errors[0].message).toMatch(new RegExp(`introspection has been disabled.*${field}`));
    expect(body.data).toBeUndefined();
    expect((await api.post('/graphql', { query: '{ stores { total } }' })).status).toBe(200);
  });
});
