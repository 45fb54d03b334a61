import {
  RETURN_DONATION_THRESHOLD_CENTS,
  RETURN_REASONS,
  RETURN_REASON_LABELS,
  type ReturnReason,
  type ReturnRecord,
  type ReturnsView,
  refundSpeed,
} from '@shop/contracts/browser';
import { Button, Checkbox, Notice, Price, Select } from '@shop/ui';
import { useRef, useState } from 'react';
import { type OrderRef, errorFields, errorMessage, useAccountCreateReturnMutation } from '../api/returns-api';

const usd = (centAmount: number) => ({ centAmount, currencyCode: 'USD', fractionDigits: 2 });

/** Choose lines, quantities and a reason; see the refund speed and the donation offer; submit; get the label. */
export function ReturnForm({ view, order }: { view: ReturnsView; order: OrderRef }) {
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [donate, setDonate] = useState(false);
  const [made, setMade] = useState<ReturnRecord>();
  const [create, { isLoading, error }] = useAccountCreateReturnMutation();
  const [reasonError, setReasonError] = useState<string>();
  const doneRef = useRef<HTMLHeadingElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);

  if (made)
    return (
      <section aria-labelledby="return-made">
        <h2 id="return-made" tabIndex={-1} ref={doneRef}>
          Return {made.returnId} started
        </h2>
        <Notice tone="success" role="status">
          Pack the items, print the label and drop the parcel off. Your refund is{' '}
          {made.refundSpeed === 'fast'
            ? 'fast (within 3 business days of the scan)'
            : 'standard (within 10 business days)'}
          .{made.donate ? ' You chose to donate the items.' : ''}
        </Notice>
        {made.labelUrl && (
          <p>
            <a href={`${made.labelUrl}`} download>
              Download the return label (PDF)
            </a>
          </p>
        )}
      </section>
    );

  const chosen = view.lines
    .map((line) => ({
      lineItemId: line.lineItemId,
      quantity: quantities[line.lineItemId] ?? 0,
      unit: line.unitCentAmount,
    }))
    .filter((item) => item.quantity > 0);
  const cents = chosen.reduce((sum, item) => sum + item.unit * item.quantity, 0);
  const donationOffered = view.donationDraw && cents >= RETURN_DONATION_THRESHOLD_CENTS;
  const fields = errorFields(error);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setReasonError('Choose a reason.');
      return;
    }
    setReasonError(undefined);
    const result = await create({
      ...order,
      request: {
        items: chosen.map(({ lineItemId, quantity }) => ({ lineItemId, quantity })),
        reason,
        ...(donationOffered ? { donate } : {}),
      },
    });
    if ('data' in result && result.data) {
      setMade(result.data);
      requestAnimationFrame(() => doneRef.current?.focus());
    } else requestAnimationFrame(() => errorRef.current?.focus());
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="return-form-title">
      <h2 id="return-form-title">Choose what to return</h2>
      {view.lines.map((line, index) => (
        <Select
          key={line.lineItemId}
          label={`${line.name} (${Object.values(line.attributes).join(', ') || line.sku})`}
          hint={`${line.returnable} of ${line.quantity} can be returned`}
          value={String(quantities[line.lineItemId] ?? 0)}
          disabled={line.returnable === 0}
          error={fields[`items.${index}.quantity`]}
          onChange={(event) => setQuantities({ ...quantities, [line.lineItemId]: Number(event.target.value) })}
        >
          {Array.from({ length: line.returnable + 1 }, (_, n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </Select>
      ))}
      <Select
        label="Reason"
        value={reason}
        error={reasonError ?? fields.reason}
        onChange={(event) => setReason(event.target.value as ReturnReason)}
      >
        <option value="">Choose a reason</option>
        {RETURN_REASONS.map((value) => (
          <option key={value} value={value}>
            {RETURN_REASON_LABELS[value]}
          </option>
        ))}
      </Select>
      {chosen.length > 0 && (
        <div role="status">
          <p>
            Refund: <Price price={usd(cents)} /> ({refundSpeed(cents) === 'fast' ? 'fast refund' : 'standard refund'})
          </p>
        </div>
      )}
      {donationOffered && (
        <Checkbox
          label="Donate these items to charity instead of sending them back (you are still refunded)"
          checked={donate}
          onChange={(event) => setDonate(event.target.checked)}
        />
      )}
      {error && (
        <div ref={errorRef} tabIndex={-1}>
          <Notice tone="error" role="alert">
            {errorMessage(error)}
          </Notice>
        </div>
      )}
      <Button type="submit" variant="primary" disabled={isLoading || chosen.length === 0}>
        {isLoading ? 'Starting the return…' : 'Start the return'}
      </Button>
    </form>
  );
}
