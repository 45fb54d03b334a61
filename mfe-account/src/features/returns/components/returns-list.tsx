import { RETURN_REASON_LABELS, type ReturnsView } from '@shop/contracts/browser';
import { Card, Notice } from '@shop/ui';

/** The order's eligibility and the returns made, each with its label download. */
export function ReturnsList({ view }: { view: ReturnsView }) {
  return (
    <section aria-labelledby="returns-made">
      <Notice tone={view.eligibility.eligible ? 'info' : 'error'}>{view.eligibility.message}</Notice>
      <h2 id="returns-made">Returns made</h2>
      {view.returns.length === 0 ? (
        <p>No returns yet.</p>
      ) : (
        <ul className="returns-list">
          {view.returns.map((made) => (
            <li key={made.returnId}>
              <Card>
                <h3>Return {made.returnId}</h3>
                <p>
                  {made.items.map((item) => `${item.quantity} × ${item.name}`).join(', ')} —{' '}
                  {RETURN_REASON_LABELS[made.reason]}; {made.refundSpeed === 'fast' ? 'fast' : 'standard'} refund
                  {made.donate ? '; donated' : ''}
                </p>
                {made.labelUrl && (
                  <a href={made.labelUrl} download>
                    Download the label for return {made.returnId} (PDF)
                  </a>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
