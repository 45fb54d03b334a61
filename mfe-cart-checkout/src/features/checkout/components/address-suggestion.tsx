import type { CheckoutAddress } from '@shop/contracts/browser';
import { Button } from '@shop/ui';
import { addressLines } from '../../../lib/checkout/address-form';

interface Props {
  id: string;
  entered: CheckoutAddress;
  suggested: CheckoutAddress;
  /** The gateway's sentence, when the notice above the form does not already say it. */
  message?: string;
  /** A deliverable address may be kept as entered; a wrong ZIP may not. */
  canKeep: boolean;
  busy: boolean;
  onUse: () => void;
  onKeep: () => void;
}

function AddressBlock({ title, address }: { title: string; address: CheckoutAddress }) {
  return (
    <div className="checkout-suggestion__address">
      <h4>{title}</h4>
      <address>
        {addressLines(address).map((line) => (
          <span key={line}>
            {line}
            <br />
          </span>
        ))}
      </address>
    </div>
  );
}

/** The address verification's suggestion beside what was entered, with the shopper's choice. */
export function AddressSuggestion({ id, entered, suggested, message, canKeep, busy, onUse, onKeep }: Props) {
  return (
    <div className="checkout-suggestion" role="group" aria-labelledby={`${id}-title`} data-address-suggestion="">
      <h3 id={`${id}-title`} tabIndex={-1}>
        {canKeep ? 'Check your address' : 'Did you mean this address?'}
      </h3>
      {message && <p>{message}</p>}
      <div className="checkout-suggestion__compare">
        <AddressBlock title="You entered" address={entered} />
        <AddressBlock title="Suggested" address={suggested} />
      </div>
      <div className="checkout-suggestion__actions">
        <Button aria-disabled={busy || undefined} onClick={() => !busy && onUse()}>
          Use suggested address
        </Button>
        {canKeep && (
          <Button variant="secondary" aria-disabled={busy || undefined} onClick={() => !busy && onKeep()}>
            Keep what I entered
          </Button>
        )}
      </div>
    </div>
  );
}
