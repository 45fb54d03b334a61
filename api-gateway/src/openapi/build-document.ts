import { z } from 'zod';
import { type Method, METHODS, type OperationSpec, type PathsFragment, type ResponseSpec } from './operation';

type JsonSchema = Record<string, unknown> & {
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const json = (schema: object) => ({ 'application/json': { schema } });

/**
 * JSON Schema (2020-12, the dialect of OpenAPI 3.1) of what a client sends or gets: the input
 * side of transforms and defaults; refinements zod cannot express (the plain-text rule) are
 * described in the document's introduction instead.
 */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...out } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema;
  return flattenUnion(out);
}

/**
 * A union of objects (the tracking record) also lists every member's properties at the top,
 * so a reader (and the bad-input test) sees each field once; the union still says which go together.
 */
function flattenUnion(schema: JsonSchema): JsonSchema {
  const members = schema.oneOf ?? schema.anyOf;
  if (!members?.length || !members.every((m) => m.type === 'object' && m.properties)) return schema;
  const properties: Record<string, JsonSchema> = {};
  for (const member of members)
    for (const [name, property] of Object.entries(member.properties ?? {})) properties[name] ??= property;
  // The discriminator (a constant in every member) becomes the list of its values.
  for (const name of Object.keys(properties)) {
    const values = members.map((m) => (m.properties?.[name] as { const?: unknown } | undefined)?.const);
    if (values.every((value) => typeof value === 'string')) properties[name] = { type: 'string', enum: values };
  }
  const required = (members[0].required ?? []).filter((name) => members.every((m) => m.required?.includes(name)));
  return { type: 'object', properties, required, ...schema };
}

const parametersOf = (object: z.ZodObject | undefined, where: 'query' | 'path') => {
  if (!object) return [];
  const schema = jsonSchemaOf(object);
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === 'path' || (schema.required ?? []).includes(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
};

const responseOf = ({ description, schema, headers }: ResponseSpec) => ({
  description,
  ...(headers
    ? {
        headers: Object.fromEntries(
          Object.entries(headers).map(([name, h]) => [
            name,
            { ...(h.description ? { description: h.description } : {}), schema: jsonSchemaOf(h.schema) },
          ]),
        ),
      }
    : {}),
  ...(schema ? { content: json(schema === 'error' ? ERROR_REF : jsonSchemaOf(schema)) } : {}),
});

export interface DocumentOptions {
  /** Whether an unsafe route needs the CSRF token (false only for the allow-list). */
  needsCsrf: (method: Method, path: string) => boolean;
}

function operationOf(method: Method, path: string, spec: OperationSpec, { needsCsrf }: DocumentOptions) {
  const csrf = method !== 'get' && needsCsrf(method, path);
  const parameters = [
    ...parametersOf(spec.params, 'path'),
    ...parametersOf(spec.query, 'query'),
    ...(spec.headers ?? []).map(({ name, in: where, schema, description }) => ({
      name,
      in: where,
      ...(description ? { description } : {}),
      schema: jsonSchemaOf(schema),
    })),
    ...(csrf
      ? [
          {
            name: 'X-CSRF-Token',
            in: 'header',
            description: 'The CSRF token, when the body does not carry it as csrfToken',
            schema: { type: 'string' },
          },
        ]
      : []),
  ];
  let requestBody: object | undefined;
  if (spec.body || csrf) {
    const body = spec.body ? jsonSchemaOf(spec.body) : { type: 'object', properties: {} };
    // The token from GET /api/auth/csrf; the CSRF middleware checks it before any route sees the body.
    if (csrf) {
      body.properties = {
        csrfToken: { type: 'string', description: 'The token from GET /api/auth/csrf (or send X-CSRF-Token)' },
        ...body.properties,
      };
      body.required = ['csrfToken', ...(body.required ?? [])];
    }
    requestBody = {
      required: true,
      content: {
        ...(spec.form || (csrf && !spec.body) ? { 'application/x-www-form-urlencoded': { schema: body } } : {}),
        ...json(body),
      },
    };
  }
  const responses: Record<string, object> = Object.fromEntries(
    Object.entries(spec.responses).map(([status, response]) => [status, responseOf(response)]),
  );
  const validates = Boolean(spec.body || spec.query || spec.params || csrf);
  if (validates)
    responses['400'] ??= {
      description:
        'Bad input, named in the message: a field that is not plain text, of the wrong type or out of bounds; INVALID_JSON; BODY_TOO_DEEP',
      content: json(ERROR_REF),
    };
  if (csrf)
    responses['403'] ??= { description: 'MissingCSRF: the CSRF token is missing or wrong', content: json(ERROR_REF) };
  if (spec.upstream) responses['503'] = { $ref: '#/components/responses/Unavailable' };
  return {
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

const ERROR_SCHEMA = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message', 'correlationId'],
      properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        correlationId: { type: 'string' },
        fields: {
          type: 'object',
          additionalProperties: { type: 'string' },
          description: 'Form validation: a message per wrong field',
        },
      },
    },
  },
};

/** The OpenAPI 3.1 document of every mounted /api route, from the modules' fragments. */
export function buildOpenApiDocument(
  fragments: PathsFragment[],
  options: DocumentOptions,
  components: Record<string, object> = {},
) {
  const paths: Record<string, Partial<Record<Method, object>>> = {};
  for (const fragment of fragments) {
    for (const [path, operations] of Object.entries(fragment)) {
      for (const method of METHODS) {
        const spec = operations[method];
        if (!spec) continue;
        if (paths[path]?.[method]) throw new Error(`OpenAPI: ${method} ${path} is described twice`);
        (paths[path] ??= {})[method] = operationOf(method, path, spec, options);
      }
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Shop gateway API',
      version: '0.1.0',
      description:
        'The only API the browser talks to. Errors are { error: { code, message, correlationId } }. Every text field is plain text: no NUL or other control characters (line breaks only in a contact message), no lone surrogates, normalised to NFC. JSON bodies nested deeper than 20 levels are refused with 400 BODY_TOO_DEEP. Every POST, PUT, PATCH and DELETE carries the CSRF token (csrfToken in the body, or X-CSRF-Token), except the routes the CSRF allow-list names.',
    },
    components: {
      schemas: { Error: ERROR_SCHEMA, ...components },
      responses: {
        Unavailable: {
          description:
            'UPSTREAM_UNAVAILABLE: a service this route needs (commerce, the captcha vendor, the CRM, the content CMS) is down, too slow or its circuit is open. The message names the service; try again after Retry-After.',
          headers: {
            'Retry-After': {
              description:
                'Seconds until the gateway tries the service again (its circuit breaker half-opens), or a short default',
              schema: { type: 'integer', minimum: 1 },
            },
          },
          content: json(ERROR_REF),
        },
      },
    },
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
  };
}
