import type { CheckoutDetails } from '@shop/contracts/browser';
import { useEffect } from 'react';
import { startFraudCollector } from './fraud-collector';

/** Runs the fraud collector while the component is mounted, for the checkout's fraud session. */
export function useFraudCollector(vendors: CheckoutDetails['vendors'] | undefined) {
  const collectorUrl = vendors?.fraudCollectorUrl;
  const orgId = vendors?.fraudOrgId;
  const sessionId = vendors?.fraudSessionId;
  useEffect(() => {
    if (!collectorUrl || !orgId || !sessionId) return undefined;
    const collector = startFraudCollector({ collectorUrl, orgId, sessionId });
    return () => collector.stop();
  }, [collectorUrl, orgId, sessionId]);
}
