import type { Logger } from '@shop/node-kit';
import type { CommerceClient } from '../../clients/commercetools';
import type { CustomerConsentStore } from '../../sessions/session-service';

/**
 * The customer's privacy choice on their commerce record. A failure never blocks a sign-in or a
 * choice: the session keeps the choice, the failure is logged, and the answer says it was not saved.
 */
export function customerConsentStore(
  commerce: Pick<CommerceClient, 'readConsent' | 'recordConsent'>,
  logger: Logger,
): CustomerConsentStore {
  return {
    async read(customerId, correlationId) {
      try {
        return await commerce.readConsent(customerId, correlationId);
      } catch (error) {
        logger.warn('Customer privacy choice not read', { correlationId, reason: (error as Error).message });
        return undefined;
      }
    },
    async write(customerId, consent, correlationId) {
      try {
        await commerce.recordConsent(customerId, consent, correlationId);
        return true;
      } catch (error) {
        logger.warn('Customer privacy choice not saved', { correlationId, reason: (error as Error).message });
        return false;
      }
    },
  };
}
