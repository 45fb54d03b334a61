import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CommerceRequestError, createCommerceClient } from '.';

/** A stand-in commerce platform with one stored code, answering the discount code operations. */
function fakePlatform() {
  const seen: Array<{ operationName: string; variables: Record<string, any> }> = []; // eslint-disable-line @typescript-eslint/no-explicit-any
  const stored = {
    id: 'dc-1',
    code: 'WELCOME-1121-AB12',
    key: 'everwear-welcome-abc',
    validFrom: '2026-11-21T12:00:00.000Z',
    validUntil: '2026-12-21T12:00:00.000Z',
  };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/oauth/token'))
        return res.end(JSON.stringify({ access_token: 'token', token_type: 'Bearer', expires_in: 3600 }));
      const { operationName, variables } = JSON.parse(body);
      seen.push({ operationName, variables });
      const duplicate = (field: string, value: unknown) =>
        res.end(
          JSON.stringify({
            data: { createDiscountCode: null },
            errors: [{ message: 'dup', extensions: { code: 'DuplicateField', field, duplicateValue: value } }],
          }),
        );
      if (operationName === 'CreateDiscountCode') {
        const { draft } = variables;
        if (draft.code.toUpperCase() === stored.code) return duplicate('code', draft.code);
        if (draft.key === stored.key) return duplicate('key', draft.key);
        if (draft.cartDiscounts[0].key === 'missing') {
          return res.end(
            JSON.stringify({
              data: { createDiscountCode: null },
              errors: [{ message: 'no such cart discount', extensions: { code: 'ReferencedResourceNotFound' } }],
            }),
          );
        }
        return res.end(
          JSON.stringify({
            data: {
              createDiscountCode: {
                id: 'dc-2',
                code: draft.code.toUpperCase(),
                key: draft.key ?? null,
                validFrom: draft.validFrom ?? null,
                validUntil: draft.validUntil ?? null,
              },
            },
          }),
        );
      }
      if (operationName === 'DiscountCodeByKey') {
        const found = variables.key === stored.key;
        return res.end(JSON.stringify({ data: { discountCode: found ? stored : null } }));
      }
      res.statusCode = 400;
      return res.end(
        JSON.stringify({ errors: [{ message: 'unknown operation', extensions: { code: 'InvalidInput' } }] }),
      );
    });
  });
  return { server, seen, stored };
}

describe('commerce client discount codes', () => {
  const platform = fakePlatform();
  const logged: Array<[string, Record<string, unknown> | undefined]> = [];
  const logger = {
    debug: () => undefined,
    info: () => undefined,
    warn: () => undefined,
    error: (m: string, f?: Record<string, unknown>) => logged.push([m, f]),
  };
  let client: ReturnType<typeof createCommerceClient>;

  beforeAll(async () => {
    await new Promise<void>((resolve) => platform.server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(platform.server.address() as AddressInfo).port}`;
    client = createCommerceClient({
      apiUrl: url,
      authUrl: url,
      projectKey: 'shop',
      clientId: 'id',
      clientSecret: 'secret',
      logger,
    });
  });
  beforeEach(() => {
    logged.length = 0;
    platform.seen.length = 0;
  });
  afterAll(() => new Promise((resolve) => platform.server.close(resolve)));

  it('creates a code granting the named cart discount, sending the commercetools draft with ISO dates', async () => {
    const created = await client.createDiscountCode(
      {
        code: 'WELCOME-1121-ZZ99',
        key: 'everwear-welcome-new',
        cartDiscountKey: 'everwear-welcome-15',
        validFrom: new Date('2026-11-21T12:00:00Z'),
        validUntil: '2026-12-21T12:00:00.000Z',
        maxApplications: 1,
      },
      'gw-1',
    );
    expect(created).toEqual({
      id: 'dc-2',
      code: 'WELCOME-1121-ZZ99',
      key: 'everwear-welcome-new',
      validFrom: '2026-11-21T12:00:00.000Z',
      validUntil: '2026-12-21T12:00:00.000Z',
    });
    expect(platform.seen[0]).toEqual({
      operationName: 'CreateDiscountCode',
      variables: {
        draft: {
          code: 'WELCOME-1121-ZZ99',
          key: 'everwear-welcome-new',
          cartDiscounts: [{ typeId: 'cart-discount', key: 'everwear-welcome-15' }],
          isActive: true,
          validFrom: '2026-11-21T12:00:00.000Z',
          validUntil: '2026-12-21T12:00:00.000Z',
          maxApplications: 1,
        },
      },
    });
  });

  it('answers a code or key the project already has with { duplicate: true } naming the field, without logging an error', async () => {
    const base = { cartDiscountKey: 'everwear-welcome-15' };
    await expect(
      client.createDiscountCode({ ...base, code: platform.stored.code.toLowerCase() }, 'gw-2'),
    ).resolves.toEqual({ duplicate: true, field: 'code' });
    await expect(
      client.createDiscountCode({ ...base, code: 'WELCOME-1121-NEW1', key: platform.stored.key }, 'gw-3'),
    ).resolves.toEqual({ duplicate: true, field: 'key' });
    expect(logged).toEqual([]);
  });

  it('throws and logs any other refusal with the correlation id', async () => {
    const failure = client.createDiscountCode({ code: 'WELCOME-1121-NEW2', cartDiscountKey: 'missing' }, 'gw-4');
    await expect(failure).rejects.toBeInstanceOf(CommerceRequestError);
    await expect(failure).rejects.toMatchObject({ code: 'ReferencedResourceNotFound' });
    expect(logged[0][1]).toMatchObject({ correlationId: 'gw-4', code: 'ReferencedResourceNotFound' });
  });

  it('finds a code by its project-wide key, sending no store, and nothing for an unknown key', async () => {
    await expect(client.findDiscountCodeByKey('everwear-welcome-abc', 'gw-5')).resolves.toEqual(platform.stored);
    expect(platform.seen[0]).toEqual({
      operationName: 'DiscountCodeByKey',
      variables: { key: 'everwear-welcome-abc' },
    });
    await expect(client.findDiscountCodeByKey('everwear-welcome-none', 'gw-6')).resolves.toBeUndefined();
    await expect(client.findDiscountCodeByKey('hoopcraft-welcome-abc', 'gw-7')).resolves.toBeUndefined();
  });
});
