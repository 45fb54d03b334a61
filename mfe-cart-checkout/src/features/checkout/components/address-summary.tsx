import type { CheckoutAddress } from '@shop/contracts/browser';
import { addressLines } from '../../../lib/checkout/address-form';

/** A saved address, as a label would print it. */
export function AddressSummary({ address, kind }: { address: CheckoutAddress; kind: string }) {
  return (
    <address className="checkout-address-summary" data-saved={kind}>
      {addressLines(address).map((line) => (
        <span key={line}>
          {line}
          <br />
        </span>
      ))}
    </address>
  );
}
