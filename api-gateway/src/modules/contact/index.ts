import { contactRequestSchema } from '@shop/contracts';
import { z } from 'zod';
import type { AppDeps } from '../app-deps';
import type { GatewayModule } from '../gateway-module';
import { contactRoutes } from './contact-routes';

export type ContactDeps = Pick<AppDeps, 'catalog' | 'crm' | 'captcha' | 'throttle' | 'logger'>;

/** The contact form, filed as a web-to-case record with the brand's CRM settings. */
export function contactModule({ catalog, crm, captcha, throttle, logger }: ContactDeps): GatewayModule {
  return {
    name: 'contact',
    api: [
      {
        path: '/contact',
        router: contactRoutes({ catalog, crm, captcha, throttle, logger }),
        body: { limit: '64kb', urlencoded: true },
      },
    ],
    openapi: {
      '/api/contact': {
        post: {
          summary:
            "Send the contact form: files a web-to-case record with the brand's CRM settings. Text fields refuse markup (< followed by a letter, /, ! or ?) and control characters.",
          body: contactRequestSchema,
          form: true,
          upstream: true,
          responses: {
            '201': { description: 'Filed', schema: z.object({ caseNumber: z.string().nullable() }) },
            '400': { description: 'VALIDATION_FAILED or CAPTCHA_FAILED, with error.fields', schema: 'error' },
            '429': { description: 'Too many messages from this address', schema: 'error' },
            '502': { description: 'The CRM refused the case', schema: 'error' },
          },
        },
      },
    },
  };
}
