import { z } from 'zod';
import { profileOpenApi } from './profile-openapi';
import { addProfileRoutes } from './profile-routes';
import type { AppDeps } from '../app-deps';
import type { GatewayModule } from '../gateway-module';
import { createCartHandOver } from '../../shared/cart-hand-over';
import { accountRoutes, forgotSchema, registerSchema, resetSchema } from './account-routes';

export type AccountDeps = Pick<AppDeps, 'commerce' | 'sessions' | 'throttle' | 'mailer' | 'logger' | 'origins'>;

const tooMany = { '429': { description: 'Too many attempts', schema: 'error' as const } };

/** Registration, forgotten and reset passwords (SPEC §2, §7). */
export function accountModule({ commerce, sessions, throttle, mailer, logger, origins }: AccountDeps): GatewayModule {
  return {
    name: 'account',
    api: [
      {
        path: '/account',
        // One mount for /api/account: registration and passwords, then the signed-in profile.
        router: addProfileRoutes(
          accountRoutes({
            commerce,
            sessions,
            throttle,
            mailer,
            logger,
            origins,
            handOver: createCartHandOver(commerce, logger),
          }),
          { commerce, sessions, throttle },
        ),
        body: { limit: '8kb', urlencoded: true },
      },
    ],
    openapi: {
      '/api/account/register': {
        post: {
          summary: 'Create an account and sign in',
          body: registerSchema,
          form: true,
          upstream: true,
          responses: {
            '201': {
              description: 'Created and signed in',
              schema: z.object({
                user: z.object({
                  id: z.string(),
                  email: z.string(),
                  firstname: z.string().optional(),
                  lastname: z.string().optional(),
                }),
                url: z.string(),
              }),
            },
            '409': { description: 'EMAIL_TAKEN', schema: 'error' },
            ...tooMany,
          },
        },
      },
      '/api/account/password/forgot': {
        post: {
          summary: 'Send a reset link (same answer for unknown e-mails)',
          body: forgotSchema,
          form: true,
          responses: { '202': { description: 'Accepted', schema: z.object({ message: z.string() }) } },
        },
      },
      '/api/account/password/reset': {
        post: {
          summary: 'Set a new password with a reset token',
          body: resetSchema,
          form: true,
          upstream: true,
          responses: {
            '200': { description: 'Changed and signed in', schema: z.object({ message: z.string(), url: z.string() }) },
            '400': { description: 'INVALID_RESET_TOKEN, WEAK_PASSWORD', schema: 'error' },
            ...tooMany,
          },
        },
      },
      ...profileOpenApi,
    },
  };
}
