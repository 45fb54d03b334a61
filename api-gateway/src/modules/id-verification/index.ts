import { idVerificationStartQuerySchema } from '@shop/contracts';
import { createIdmeClient } from '../../clients/idme';
import type { AppDeps } from '../app-deps';
import type { GatewayModule } from '../gateway-module';
import { idVerificationRoutes } from './id-verification-routes';
import { verificationStateStore } from './verification-state';
import { idVerificationUseCases } from './verification-use-cases';

export type IdVerificationDeps = Pick<AppDeps, 'config' | 'catalog' | 'commerce' | 'sessions' | 'logger'>;

const page = (status: string, description: string) => ({ [status]: { description } });

/** Identity verification through an ID.me-like provider (SPEC §2, §3): a group verified, its discount code issued. */
export function idVerificationModule({
  config,
  catalog,
  commerce,
  sessions,
  logger,
}: IdVerificationDeps): GatewayModule {
  const idme = createIdmeClient(config.idme);
  return {
    name: 'id-verification',
    api: [
      {
        path: '/idMe',
        router: idVerificationRoutes({
          catalog,
          sessions,
          states: verificationStateStore(config.authSecret),
          idme,
          useCases: idVerificationUseCases({ commerce, idme }),
          logger,
        }),
      },
    ],
    openapi: {
      '/api/idMe/start': {
        get: {
          summary:
            "Start verifying a group: 302 to the provider's authorize URL with state and a PKCE S256 challenge, kept in an encrypted cookie bound to the session",
          query: idVerificationStartQuerySchema,
          responses: {
            '302': { description: 'To the identity provider' },
            '400': { description: 'INVALID_PARAMETER (group, returnTo)', schema: 'error' },
            '401': { description: 'SessionRequired', schema: 'error' },
            '404': { description: 'FEATURE_DISABLED: the brand does not offer verification', schema: 'error' },
          },
        },
      },
      '/api/idMe/callback': {
        get: {
          summary:
            "The provider's redirect (code and state, or error): the group stored on the customer, its code issued, 302 to returnTo?idme=verified",
          upstream: true,
          responses: {
            '302': { description: 'Back to returnTo with idme=verified' },
            ...page('400', 'An HTML page: denied, expired or replayed state, code refused, no group verified'),
            ...page('401', 'An HTML page: the session that started the verification is gone'),
            '404': { description: 'FEATURE_DISABLED', schema: 'error' },
            ...page('503', 'An HTML page: the provider is not answering'),
          },
        },
      },
      '/api/idMe/status': {
        get: {
          summary: "The signed-in customer's verification: { available, group?, verifiedAt?, code? }",
          upstream: true,
          responses: {
            '200': { description: 'IdVerificationStatus in @shop/contracts' },
            '401': { description: 'SessionRequired', schema: 'error' },
          },
        },
      },
    },
  };
}
