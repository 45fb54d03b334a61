import { credentialsRequestSchema, sessionUserSchema } from '@shop/contracts';
import { z } from 'zod';
import type { OperationSpec, PathsFragment } from '../../openapi/operation';
import { callbackForm, callbackUrlSchema, postLoginQuery, providerParams, sessionUpdateSchema } from './auth-schemas';

const redirect = {
  '200': {
    description: 'With X-Auth-Return-Redirect: 1, the redirect as {url}',
    schema: z.object({ url: z.string() }),
  },
  '302': { description: 'Redirect' },
};
const session = z.union([z.null(), z.object({ user: sessionUserSchema, expires: z.iso.datetime() })]);
const credentials: OperationSpec = {
  summary:
    'E-mail and password sign-in (Auth.js); a field that is not plain text is a 400 with error.fields. A failure redirects to /login?error=CredentialsSignin&code=credentials (wrong e-mail, password or captcha; counted) or code=unavailable (commerce or the captcha vendor is down; not counted, try again later)',
  body: credentialsRequestSchema.extend({ callbackUrl: callbackUrlSchema }),
  form: true,
  responses: redirect,
};
const guest: OperationSpec = {
  summary: 'Start a guest (anonymous) session',
  body: callbackForm,
  form: true,
  responses: redirect,
};
const unknownProvider = { '404': { description: 'Unknown provider', schema: 'error' as const } };

/** The auth module's routes, described with the schemas they validate with. */
export const authOpenApi: PathsFragment = {
  '/api/auth/session': {
    get: {
      summary: 'The current session, or null (Auth.js)',
      responses: { '200': { description: 'Session', schema: session } },
    },
    post: {
      summary: 'Update the session: first and last name only',
      body: sessionUpdateSchema,
      responses: { '200': { description: 'Session', schema: session } },
    },
  },
  '/api/auth/csrf': {
    get: {
      summary: 'A CSRF token; sets the double-submit cookie',
      responses: { '200': { description: 'Token', schema: z.object({ csrfToken: z.string() }) } },
    },
  },
  '/api/auth/providers': {
    get: {
      summary: 'Sign-in providers available on this brand',
      responses: { '200': { description: 'Providers by id' } },
    },
  },
  '/api/auth/signin/credentials': { post: credentials },
  '/api/auth/signin/guest': { post: guest },
  '/api/auth/signin/{provider}': {
    post: {
      summary: 'Start an OAuth sign-in: redirects to its authorize step',
      params: providerParams,
      body: callbackForm,
      form: true,
      responses: { ...redirect, ...unknownProvider },
    },
  },
  '/api/auth/signin/{provider}/authorize': {
    get: {
      summary: 'Redirect to the OAuth provider with state and PKCE',
      params: providerParams,
      query: callbackForm,
      responses: { '302': { description: 'To the provider' }, ...unknownProvider },
    },
  },
  '/api/auth/callback/credentials': { post: credentials },
  '/api/auth/callback/guest': { post: guest },
  '/api/auth/callback/{provider}': {
    get: {
      summary: 'OAuth provider callback',
      params: providerParams,
      query: z.object({ code: z.string().optional(), state: z.string().optional() }),
      responses: { '302': { description: 'To the callbackUrl, or to /login?error=...' } },
    },
    post: {
      summary: 'OAuth providers call back with GET',
      params: providerParams,
      responses: { '405': { description: 'Method not allowed', schema: 'error' } },
    },
  },
  '/api/auth/signout': { post: { summary: 'End the session', body: callbackForm, form: true, responses: redirect } },
  '/api/auth/error': {
    get: {
      summary: 'Describe a sign-in error type (SPEC §8)',
      query: z.object({ error: z.string().optional() }),
      responses: { '400': { description: 'The error', schema: 'error' } },
    },
  },
  '/api/auth/verify-request': {
    get: {
      summary: 'E-mail link sign-in (not enabled)',
      responses: { '404': { description: 'Not enabled', schema: 'error' } },
    },
  },
  '/api/auth/webauthn-options': {
    get: { summary: 'Passkeys (not enabled)', responses: { '400': { description: 'Not enabled', schema: 'error' } } },
  },
  '/api/user/postLogin': {
    get: {
      summary: 'Make the anonymous cart the active cart, then go to callbackUrl',
      query: postLoginQuery,
      responses: { '302': { description: 'Redirect' } },
    },
  },
  '/api/captcha/challenge': {
    get: {
      summary: 'An invisible-captcha token for the sign-in and contact forms and order attempts after a decline',
      upstream: true,
      responses: {
        '200': { description: 'Token', schema: z.object({ token: z.string() }) },
        '429': {
          description: 'TOO_MANY_REQUESTS with Retry-After: 60 per address block in 15 minutes',
          schema: 'error',
        },
      },
    },
  },
};
