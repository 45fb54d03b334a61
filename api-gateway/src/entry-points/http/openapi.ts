import { Router } from 'express';

const error = { $ref: '#/components/schemas/Error' };
const json = (schema: object) => ({ 'application/json': { schema } });
const errors = { '400': { description: 'Bad input: a field that is not plain text (NUL, control characters, broken Unicode), of the wrong type or too long; or BODY_TOO_DEEP', content: json(error) }, '403': { description: 'Missing or wrong CSRF token', content: json(error) } };
const redirect = { '200': { description: 'With X-Auth-Return-Redirect: 1, the redirect as {url}', content: json({ type: 'object', properties: { url: { type: 'string' } } }) }, '302': { description: 'Redirect' } };
const csrfForm = (properties: Record<string, object> = {}, required: string[] = []) => ({
  required: true,
  content: {
    'application/x-www-form-urlencoded': { schema: { type: 'object', required: ['csrfToken', ...required], properties: { csrfToken: { type: 'string' }, callbackUrl: { type: 'string' }, ...properties } } },
    'application/json': { schema: { type: 'object', required: ['csrfToken', ...required], properties: { csrfToken: { type: 'string' }, ...properties } } },
  },
});
const provider = { name: 'provider', in: 'path', required: true, schema: { type: 'string', enum: ['google', 'facebook'] } };
const credentialsForm = csrfForm({ email: { type: 'string', maxLength: 320 }, password: { type: 'string', maxLength: 1024 }, captchaToken: { type: 'string', maxLength: 4096 } }, ['email', 'password']);
const credentials = {
  summary: 'E-mail and password sign-in (Auth.js); a field that is not plain text is a 400 with error.fields. A failure redirects to /login?error=CredentialsSignin&code=credentials (wrong e-mail, password or captcha; counted) or code=unavailable (commerce or the captcha vendor is down; not counted, try again later)',
  requestBody: credentialsForm,
  responses: { ...redirect, ...errors },
};
const guest = { summary: 'Start a guest (anonymous) session', requestBody: csrfForm(), responses: { ...redirect, ...errors } };
const trackingRecord = {
  type: 'object',
  required: ['event', 'eventId', 'eventUrl'],
  description: 'SPEC §3 record. ADD_TO_CART keeps sku and quantity, ORDER keeps orderNumber, payment, shipping and begin-checkout keep nothing else; other events are passed whole (JSON values, strings at most 2,048 characters). Bodies nested deeper than 20 levels are refused.',
  properties: {
    event: { type: 'string', enum: ['ADD_PAYMENT_INFO', 'ADD_SHIPPING_INFO', 'ADD_TO_CART', 'BEGIN_CHECKOUT', 'CART_VIEW', 'EMAIL', 'ORDER', 'PAGE_VIEW', 'PRODUCT_VIEW', 'RETAILER_PRODUCT_LINK_CLICK'] },
    eventId: { type: 'string', format: 'uuid' },
    eventUrl: { type: 'string', format: 'uri', maxLength: 2048 },
    sessionToken: { type: 'string', format: 'uuid', description: 'When given, must equal the sessionToken cookie' },
    sku: { type: 'string', maxLength: 64 },
    quantity: { type: 'integer', minimum: 1, maximum: 99 },
    orderNumber: { type: 'string', maxLength: 64 },
  },
};
const sessionUser = {
  type: 'object',
  required: ['id', 'isLoggedIn'],
  properties: {
    id: { type: 'string' },
    userId: { type: 'string' },
    email: { type: 'string' },
    firstname: { type: 'string' },
    lastname: { type: 'string' },
    isLoggedIn: { type: 'boolean' },
    externalLoginData: { type: 'object', properties: { facebookId: { type: 'string' } } },
  },
};
const session = { oneOf: [{ type: 'null' }, { type: 'object', properties: { user: sessionUser, expires: { type: 'string', format: 'date-time' } } }] };

/** OpenAPI 3.1 description of every /api route; a test checks it against the mounted routers. */
export const OPENAPI = {
  openapi: '3.1.0',
  info: { title: 'Shop gateway API', version: '0.1.0', description: 'The only API the browser talks to. Errors are { error: { code, message, correlationId } }. Every text field is plain text: no NUL or other control characters (line breaks only in a contact message), no lone surrogates, normalised to NFC. JSON bodies nested deeper than 20 levels are refused with 400 BODY_TOO_DEEP.' },
  components: {
    schemas: {
      Error: { type: 'object', required: ['error'], properties: { error: { type: 'object', required: ['code', 'message', 'correlationId'], properties: { code: { type: 'string' }, message: { type: 'string' }, correlationId: { type: 'string' }, fields: { type: 'object', additionalProperties: { type: 'string' }, description: 'Form validation: a message per wrong field' } } } } },
      SessionUser: sessionUser,
    },
    responses: {
      Unavailable: {
        description:
          'UPSTREAM_UNAVAILABLE: a service this route needs (commerce, the captcha vendor, the CRM, the content CMS) is down, too slow or its circuit is open. The message names the service; try again after Retry-After.',
        headers: { 'Retry-After': { description: 'Seconds until the gateway tries the service again (its circuit breaker half-opens), or a short default', schema: { type: 'integer', minimum: 1 } } },
        content: json(error),
      },
    },
  },
  paths: {
    '/api/auth/session': {
      get: { summary: 'The current session, or null (Auth.js)', responses: { '200': { description: 'Session', content: json(session) } } },
      post: { summary: 'Update the session: first and last name only', requestBody: csrfForm({ data: { type: 'object', properties: { firstname: { type: 'string' }, lastname: { type: 'string' } } } }), responses: { '200': { description: 'Session', content: json(session) }, ...errors } },
    },
    '/api/auth/csrf': { get: { summary: 'A CSRF token; sets the double-submit cookie', responses: { '200': { description: 'Token', content: json({ type: 'object', properties: { csrfToken: { type: 'string' } } }) } } } },
    '/api/auth/providers': { get: { summary: 'Sign-in providers available on this brand', responses: { '200': { description: 'Providers by id' } } } },
    '/api/auth/signin/credentials': { post: credentials },
    '/api/auth/signin/guest': { post: guest },
    '/api/auth/signin/{provider}': {
      post: { summary: 'Start an OAuth sign-in: redirects to its authorize step', parameters: [provider], requestBody: csrfForm(), responses: { ...redirect, ...errors, '404': { description: 'Unknown provider', content: json(error) } } },
    },
    '/api/auth/signin/{provider}/authorize': {
      get: { summary: 'Redirect to the OAuth provider with state and PKCE', parameters: [provider, { name: 'callbackUrl', in: 'query', schema: { type: 'string' } }], responses: { '302': { description: 'To the provider' }, '404': { description: 'Unknown provider', content: json(error) } } },
    },
    '/api/auth/callback/credentials': { post: credentials },
    '/api/auth/callback/guest': { post: guest },
    '/api/auth/callback/{provider}': {
      get: { summary: 'OAuth provider callback', parameters: [provider, { name: 'code', in: 'query', schema: { type: 'string' } }, { name: 'state', in: 'query', schema: { type: 'string' } }], responses: { '302': { description: 'To the callbackUrl, or to /login?error=...' } } },
      post: { summary: 'OAuth providers call back with GET', parameters: [provider], requestBody: csrfForm(), responses: { '405': { description: 'Method not allowed', content: json(error) }, ...errors } },
    },
    '/api/auth/signout': { post: { summary: 'End the session', requestBody: csrfForm(), responses: { ...redirect, ...errors } } },
    '/api/auth/error': { get: { summary: 'Describe a sign-in error type (SPEC §8)', parameters: [{ name: 'error', in: 'query', schema: { type: 'string' } }], responses: { '400': { description: 'The error' } } } },
    '/api/auth/verify-request': { get: { summary: 'E-mail link sign-in (not enabled)', responses: { '404': { description: 'Not enabled' } } } },
    '/api/auth/webauthn-options': { get: { summary: 'Passkeys (not enabled)', responses: { '400': { description: 'Not enabled', content: json(error) } } } },
    '/api/account/register': {
      post: {
        summary: 'Create an account and sign in',
        requestBody: csrfForm({ email: { type: 'string' }, password: { type: 'string', minLength: 8, maxLength: 128 }, firstName: { type: 'string' }, lastName: { type: 'string' } }, ['email', 'password', 'firstName', 'lastName']),
        responses: { '201': { description: 'Created and signed in' }, ...errors, '409': { description: 'E-mail taken', content: json(error) }, '429': { description: 'Too many attempts', content: json(error) } },
      },
    },
    '/api/account/password/forgot': { post: { summary: 'Send a reset link (same answer for unknown e-mails)', requestBody: csrfForm({ email: { type: 'string' } }, ['email']), responses: { '202': { description: 'Accepted' }, ...errors } } },
    '/api/account/password/reset': {
      post: { summary: 'Set a new password with a reset token', requestBody: csrfForm({ token: { type: 'string' }, newPassword: { type: 'string' } }, ['token', 'newPassword']), responses: { '200': { description: 'Changed' }, ...errors, '429': { description: 'Too many attempts', content: json(error) } } },
    },
    '/api/user/postLogin': {
      get: { summary: 'Make the anonymous cart the active cart, then go to callbackUrl', parameters: [{ name: 'anonymousCartId', in: 'query', schema: { type: 'string', format: 'uuid' } }, { name: 'callbackUrl', in: 'query', schema: { type: 'string', maxLength: 2048 } }], responses: { '302': { description: 'Redirect' }, '400': { description: 'A bad parameter', content: json(error) } } },
    },
    '/api/captcha/challenge': { get: { summary: 'An invisible-captcha token for the sign-in form', responses: { '200': { description: 'Token' }, '503': { description: 'Captcha unavailable', content: json(error) } } } },
    '/api/dev/outbox': { get: { summary: 'Mail that would have been sent (not in production)', responses: { '200': { description: 'Messages' } } } },
    '/api/dev/cases': { get: { summary: 'Cases in the CRM, newest first (not in production)', parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 200, default: 50 } }], responses: { '200': { description: '{ total, cases }' }, '503': { description: 'CRM unavailable', content: json(error) } } } },
    '/api/dev/leads': { get: { summary: 'Leads (e-mail signups) in the CRM, newest first (not in production)', parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 200, default: 50 } }], responses: { '200': { description: '{ total, leads }' }, '503': { description: 'CRM unavailable', content: json(error) } } } },
    '/api/contact': {
      post: {
        summary: 'Send the contact form: files a web-to-case record with the brand\'s CRM settings',
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            required: ['csrfToken', 'firstName', 'lastName', 'email', 'country', 'topic', 'message', 'captchaToken'],
            properties: {
              csrfToken: { type: 'string' },
              firstName: { type: 'string', maxLength: 60 },
              lastName: { type: 'string', maxLength: 60 },
              email: { type: 'string', format: 'email', maxLength: 80 },
              phone: { type: 'string', maxLength: 30 },
              country: { type: 'string', enum: ['US', 'CA'] },
              orderNumber: { type: 'string', pattern: '^VF\\d{6,10}$' },
              topic: { type: 'string', enum: ['order', 'product', 'returns', 'account', 'website', 'other'] },
              message: { type: 'string', minLength: 10, maxLength: 2000 },
              captchaToken: { type: 'string' },
            },
            description: 'Text fields refuse markup (< followed by a letter, /, ! or ?) and control characters.',
          }),
        },
        responses: {
          '201': { description: 'Filed', content: json({ type: 'object', properties: { caseNumber: { type: ['string', 'null'] } } }) },
          '400': { description: 'VALIDATION_FAILED or CAPTCHA_FAILED, with error.fields', content: json(error) },
          '403': { description: 'Missing or wrong CSRF token', content: json(error) },
          '429': { description: 'Too many messages from this address', content: json(error) },
          '502': { description: 'The CRM refused the case', content: json(error) },
          '503': { description: 'The CRM is unavailable', content: json(error) },
        },
      },
    },
    '/api/remotes': { get: { summary: 'The remote registry for this brand', responses: { '200': { description: 'name -> { manifestUrl, version }' } } } },
    '/api/brand': { get: { summary: 'Brand public config, flag values and remotes', responses: { '200': { description: 'Boot config' } } } },
    '/api/tracking': {
      post: {
        summary: 'Record one SPEC §3 tracking event (same-origin only, application/json only)',
        description:
          'Needs Sec-Fetch-Site: same-origin, or without it an Origin equal to this origin. The sessionToken cookie (SPEC §4) is issued with page loads, and with this answer when the request has none; the record is logged under it. At most 120 events a minute per session and 600 per address. The log rotates past TRACKING_LOG_MAX_BYTES, keeping TRACKING_LOG_FILES files.',
        parameters: [
          { name: 'Sec-Fetch-Site', in: 'header', schema: { type: 'string', enum: ['same-origin'] } },
          { name: 'Origin', in: 'header', schema: { type: 'string' }, description: 'Checked when Sec-Fetch-Site is absent' },
          { name: 'sessionToken', in: 'cookie', schema: { type: 'string', format: 'uuid' } },
        ],
        requestBody: { required: true, content: json(trackingRecord) },
        responses: {
          '202': { description: 'Accepted; sets the sessionToken cookie when the request had none', headers: { 'Set-Cookie': { schema: { type: 'string' } } } },
          '400': { description: 'INVALID_TRACKING_EVENT, INVALID_JSON, BODY_TOO_DEEP or SESSION_TOKEN_MISMATCH', content: json(error) },
          '403': { description: 'CROSS_SITE_REQUEST: not from this site', content: json(error) },
          '413': { description: 'Larger than 16 KB', content: json(error) },
          '415': { description: 'Not application/json', content: json(error) },
          '429': { description: 'Too many events from this session or address', headers: { 'Retry-After': { schema: { type: 'integer' } } }, content: json(error) },
        },
      },
    },
    '/api/categories': { get: { summary: "The brand's category tree", responses: { '200': { description: 'Categories with their URL paths' } } } },
    '/api/products': {
      get: {
        summary: 'A product listing: category, full text, SPEC §3 filters (repeatable), price range, sort and paging, with facets',
        parameters: [
          { name: 'category', in: 'query', schema: { type: 'string' }, description: 'category slug (the last segment of /c/{path})' },
          { name: 'q', in: 'query', schema: { type: 'string', maxLength: 100 } },
          ...['size', 'color', 'colorFamily', 'bandSize', 'cupSize', 'bust', 'waist', 'length', 'masterStyle'].map((name) => ({ name, in: 'query', schema: { type: 'array', items: { type: 'string' } }, style: 'form', explode: true })),
          { name: 'priceMin', in: 'query', schema: { type: 'integer', minimum: 0 }, description: 'cents' },
          { name: 'priceMax', in: 'query', schema: { type: 'integer', minimum: 0 }, description: 'cents, inclusive' },
          { name: 'sort', in: 'query', schema: { type: 'string', enum: ['relevance', 'price-asc', 'price-desc', 'newest', 'name'] } },
          { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0, maximum: 10000, default: 0 } },
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 48, default: 12 } },
        ],
        responses: { '200': { description: 'results, total, facets, applied filters' }, '400': { description: 'A bad parameter, named in the message', content: json(error) }, '404': { description: 'Unknown category', content: json(error) } },
      },
    },
    '/api/products/{id}': {
      get: { summary: 'A product by sku or style number, with variants, stock and retailer links', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'Product' }, '404': { description: 'Not sold on this brand', content: json(error) } } },
    },
    '/api/search/suggest': { get: { summary: 'Quick search: five products and matching categories', parameters: [{ name: 'q', in: 'query', required: true, schema: { type: 'string', minLength: 2, maxLength: 100 } }], responses: { '200': { description: 'Suggestions' }, '400': { description: 'Bad q', content: json(error) } } } },
    '/api/leads': {
      post: {
        summary: 'E-mail signup (web-to-lead): a welcome code valid 30 days, or already-subscribed (the code is e-mailed again)',
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            required: ['email', 'placement', 'csrfToken'],
            properties: { email: { type: 'string', format: 'email', maxLength: 80 }, firstName: { type: 'string', maxLength: 60 }, placement: { type: 'string', enum: ['modal', 'footer'] }, csrfToken: { type: 'string' } },
          }),
        },
        responses: {
          '201': { description: '{ status: subscribed, code, validUntil }' },
          '200': { description: '{ status: already-subscribed }' },
          ...errors,
          '404': { description: 'E-mail signup is off for this brand', content: json(error) },
          '429': { description: 'Too many signups from this address', content: json(error) },
          '502': { description: 'The CRM refused the lead', content: json(error) },
          '503': { description: 'The CRM is unavailable', content: json(error) },
        },
      },
    },
    '/api/content/{path}': {
      get: {
        summary: "The brand's content: home, home/{variant}, nav, footer, email, cart, p, find-your-fit, size-guide, learn (articles, newest first), learn/{article}, customer-service/{topic}",
        parameters: [
          { name: 'path', in: 'path', required: true, schema: { type: 'string' }, description: 'one or two kebab-case segments' },
          { name: 'q', in: 'query', schema: { type: 'string', maxLength: 100 }, description: 'learn only: text filter' },
          { name: 'tag', in: 'query', schema: { type: 'string' }, description: 'learn only: tag filter' },
          { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 }, description: 'learn only: paging (6 per page)' },
        ],
        responses: { '200': { description: 'A content document with a type member' }, '400': { description: 'Bad path or query', content: json(error) }, '404': { description: 'No such content', content: json(error) }, '503': { description: 'The content API is down and nothing is cached', content: json(error) } },
      },
    },
    '/api/stores': {
      get: {
        summary: "The brand's stores within a radius of a US ZIP code or a position, nearest first, with map positions (975 x 610, like /api/stores/map.svg)",
        parameters: [
          { name: 'zip', in: 'query', schema: { type: 'string', pattern: '^\\d{5}$' }, description: 'a 5-digit US ZIP code; or give lat and lng' },
          { name: 'lat', in: 'query', schema: { type: 'number', minimum: -90, maximum: 90 } },
          { name: 'lng', in: 'query', schema: { type: 'number', minimum: -180, maximum: 180 } },
          { name: 'radius', in: 'query', schema: { type: 'integer', enum: [15, 30, 50, 100, 300], default: 15 }, description: 'miles' },
        ],
        responses: {
          '200': { description: '{ origin, radius, total, stores }: each store with address, phone, hours, distanceMiles, directionsUrl and map {x, y}' },
          '400': { description: 'A bad parameter, named in the message', content: json(error) },
          '404': { description: 'ZIP_NOT_FOUND, or FEATURE_DISABLED when the brand has no store locator', content: json(error) },
        },
      },
    },
    '/api/stores/map.svg': { get: { summary: 'US land and state borders in the 975 x 610 map space (ETag, cached)', responses: { '200': { description: 'image/svg+xml' }, '404': { description: 'FEATURE_DISABLED', content: json(error) } } } },
    '/api/openapi.json': { get: { summary: 'This document', responses: { '200': { description: 'OpenAPI 3.1' } } } },
  },
};

/** Routes that wait on an upstream: an outage is answered 503 with Retry-After, never 500 or 502. */
const UPSTREAM_ROUTES: Array<[path: string, method: 'get' | 'post']> = [
  ['/api/account/register', 'post'],
  ['/api/account/password/reset', 'post'],
  ['/api/captcha/challenge', 'get'],
  ['/api/dev/cases', 'get'],
  ['/api/dev/leads', 'get'],
  ['/api/contact', 'post'],
  ['/api/leads', 'post'],
  ['/api/categories', 'get'],
  ['/api/products', 'get'],
  ['/api/products/{id}', 'get'],
  ['/api/search/suggest', 'get'],
  ['/api/content/{path}', 'get'],
];
type Operation = { responses: Record<string, unknown> };
for (const [path, method] of UPSTREAM_ROUTES) {
  const operation = (OPENAPI.paths as Record<string, Record<string, Operation | undefined>>)[path]?.[method];
  if (!operation) throw new Error(`OpenAPI: no ${method} ${path} to mark as upstream-dependent`);
  operation.responses['503'] = { $ref: '#/components/responses/Unavailable' };
}

/** Development tools are not mounted outside development and test, so they are not described there either. */
export function openApiRoutes(devTools: boolean): Router {
  const router = Router();
  const document = devTools ? OPENAPI : { ...OPENAPI, paths: Object.fromEntries(Object.entries(OPENAPI.paths).filter(([path]) => !path.startsWith('/api/dev/'))) };
  router.get('/openapi.json', (_req, res) => res.json(document));
  return router;
}
