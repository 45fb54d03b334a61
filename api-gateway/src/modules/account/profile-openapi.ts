import {
  addressDeleteQuerySchema,
  addressWriteSchema,
  emailChangeSchema,
  passwordChangeSchema,
  profileUpdateSchema,
} from '@shop/contracts';
import { z } from 'zod';
import type { PathsFragment } from '../../openapi/operation';

const profile = { description: 'ProfileResponse in @shop/contracts' };
const err = (description: string) => ({ description, schema: 'error' as const });
const signedIn = { '401': err('SessionRequired') };
const conflict = { '409': err('VERSION_CONFLICT: error.current is the profile as it is now') };
const addressParams = z.object({ id: z.string() });

/** The signed-in profile routes of /api/account (SPEC §2 /account/profile). */
export const profileOpenApi: PathsFragment = {
  '/api/account/profile': {
    get: { summary: "The signed-in customer's profile", upstream: true, responses: { '200': profile, ...signedIn } },
    patch: {
      summary: 'Change names and the marketing opt-in at the version read (the session names follow)',
      body: profileUpdateSchema,
      upstream: true,
      responses: { '200': profile, ...signedIn, ...conflict },
    },
  },
  '/api/account/email': {
    post: {
      summary: 'Change the e-mail address; needs the current password',
      body: emailChangeSchema,
      upstream: true,
      responses: {
        '200': profile,
        ...signedIn,
        '403': err('WRONG_PASSWORD'),
        '409': err('EMAIL_TAKEN, VERSION_CONFLICT (error.current)'),
        '429': err('TOO_MANY_REQUESTS'),
      },
    },
  },
  '/api/account/password': {
    post: {
      summary: "Change the password; ends the customer's other sessions and re-issues this one",
      body: passwordChangeSchema,
      upstream: true,
      responses: {
        '200': profile,
        ...signedIn,
        '403': err('WRONG_PASSWORD'),
        '429': err('TOO_MANY_REQUESTS'),
        ...conflict,
      },
    },
  },
  '/api/account/addresses': {
    get: { summary: 'The saved addresses', upstream: true, responses: { '200': { description: 'SavedAddress[]' } } },
    post: {
      summary: 'Save an address (checkout address rules)',
      body: addressWriteSchema,
      upstream: true,
      responses: { '201': profile, ...signedIn, ...conflict },
    },
  },
  '/api/account/addresses/{id}': {
    put: {
      summary: 'Change a saved address',
      params: addressParams,
      body: addressWriteSchema,
      upstream: true,
      responses: { '200': profile, ...signedIn, '404': err('ADDRESS_NOT_FOUND'), ...conflict },
    },
    delete: {
      summary: 'Remove a saved address',
      params: addressParams,
      query: addressDeleteQuerySchema,
      upstream: true,
      responses: { '200': profile, ...signedIn, '404': err('ADDRESS_NOT_FOUND'), ...conflict },
    },
  },
};
