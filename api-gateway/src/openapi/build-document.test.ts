import { z } from 'zod';
import { buildOpenApiDocument } from './build-document';

const needsCsrf = (method: string, path: string) => method !== 'get' && path !== '/api/beacon';

describe('buildOpenApiDocument', () => {
  const document = buildOpenApiDocument(
    [
      {
        '/api/things/{id}': {
          get: {
            summary: 'A thing',
            params: z.object({ id: z.string().max(10) }),
            query: z.object({ q: z.string().max(5).optional(), page: z.number().int() }),
            upstream: true,
            responses: { '200': { description: 'The thing', schema: z.object({ id: z.string() }) } },
          },
        },
        '/api/things': {
          post: {
            summary: 'Make a thing',
            body: z.object({ name: z.string().min(1) }),
            form: true,
            responses: { '201': { description: 'Made' } },
          },
        },
      },
      {
        '/api/beacon': {
          post: {
            summary: 'An event',
            body: z.discriminatedUnion('kind', [
              z.object({ kind: z.literal('a'), x: z.number() }),
              z.object({ kind: z.literal('b'), y: z.string().optional() }),
            ]),
            responses: { '202': { description: 'Taken' } },
          },
        },
      },
    ],
    { needsCsrf },
  );
  type Operation = {
    parameters?: Array<{ name: string; in: string; required: boolean; schema: object }>;
    requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown>; required: string[] } }> };
    responses: Record<string, unknown>;
  };
  const op = (path: string, method: string) =>
    (document.paths as Record<string, Record<string, Operation>>)[path][method];

  it('turns query and path schemas into parameters, required as the schema says', () => {
    expect(op('/api/things/{id}', 'get').parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string', maxLength: 10 } },
      { name: 'q', in: 'query', required: false, schema: { type: 'string', maxLength: 5 } },
      {
        name: 'page',
        in: 'query',
        required: true,
        schema: { type: 'integer', minimum: expect.any(Number), maximum: expect.any(Number) },
      },
    ]);
  });

  it('adds the CSRF token, its header and its 403 to unsafe routes, and a 400 wherever input is validated', () => {
    const post = op('/api/things', 'post');
    const json = post.requestBody?.content['application/json'].schema;
    expect(json?.required).toEqual(['csrfToken', 'name']);
    expect(Object.keys(json?.properties ?? {})).toEqual(['csrfToken', 'name']);
    expect(Object.keys(post.requestBody?.content ?? {})).toEqual([
      'application/x-www-form-urlencoded',
      'application/json',
    ]);
    expect(post.parameters?.map((p) => p.name)).toEqual(['X-CSRF-Token']);
    expect(Object.keys(post.responses).sort()).toEqual(['201', '400', '403']);
  });

  it('leaves the token out where the CSRF allow-list says so, and lists a union body’s fields at the top', () => {
    const beacon = op('/api/beacon', 'post');
    const schema = beacon.requestBody?.content['application/json'].schema;
    expect(schema?.properties).toEqual({
      kind: { type: 'string', enum: ['a', 'b'] },
      x: { type: 'number' },
      y: { type: 'string' },
    });
    expect(schema?.required).toEqual(['kind']);
    expect(beacon.responses['403']).toBeUndefined();
  });

  it('marks routes that wait on an upstream with the shared 503', () => {
    expect(op('/api/things/{id}', 'get').responses['503']).toEqual({ $ref: '#/components/responses/Unavailable' });
    expect(document.openapi).toBe('3.1.0');
  });

  it('refuses to describe one operation twice', () => {
    const twice = { '/api/x': { get: { summary: 'x', responses: {} } } };
    expect(() => buildOpenApiDocument([twice, twice], { needsCsrf })).toThrow('get /api/x is described twice');
  });
});
