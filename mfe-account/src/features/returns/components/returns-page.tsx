import { useFlag } from '@shop/platform';
import { Button, LoadingStatus, Notice, TextField, usePageTitle } from '@shop/ui';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import {
  type OrderRef,
  errorMessage,
  useAccountLookupOrderMutation,
  useAccountReturnsViewQuery,
} from '../api/returns-api';
import { ReturnForm } from './return-form';
import { ReturnsList } from './returns-list';

/** A brand without online returns: the policy instead of the flow. */
function ReturnsPolicy() {
  return (
    <>
      <h1>Returns</h1>
      <Notice>Returns are not taken online for this shop.</Notice>
      <p>
        See our <Link to="/customer-service/returns-policy">returns policy</Link> for how to return an item.
      </p>
    </>
  );
}

function OrderReturns({ order, creating }: { order: OrderRef; creating: boolean }) {
  const { data, error, isLoading } = useAccountReturnsViewQuery(order);
  if (isLoading) return <LoadingStatus label="Loading the order's returns" />;
  if (error || !data)
    return (
      <>
        <Notice tone="error" role="alert">
          {errorMessage(error)}
        </Notice>
        {order.guest && (
          <p>
            <Link to="/order/returns">Find your order by number and e-mail</Link>
          </p>
        )}
      </>
    );
  const base = order.guest ? '/order/returns' : `/account/orders/${encodeURIComponent(order.orderNumber)}/returns`;
  if (creating && data.eligibility.eligible) return <ReturnForm view={data} order={order} />;
  return (
    <>
      <ReturnsList view={data} />
      {data.eligibility.eligible && !order.guest && <Link to={`${base}/create`}>Start a return</Link>}
      {data.eligibility.eligible && order.guest && <ReturnForm view={data} order={order} />}
    </>
  );
}

/** Guests find their order by number and e-mail (the session is then allowed to return it for an hour). */
function GuestLookup({ onFound }: { onFound: (orderNumber: string) => void }) {
  const [orderNumber, setOrderNumber] = useState('');
  const [email, setEmail] = useState('');
  const [lookup, { isLoading, error }] = useAccountLookupOrderMutation();
  return (
    <form
      noValidate
      aria-labelledby="lookup-title"
      onSubmit={async (event) => {
        event.preventDefault();
        const result = await lookup({ orderNumber: orderNumber.trim(), email: email.trim() });
        if ('data' in result && result.data) onFound(result.data.orderNumber);
      }}
    >
      <h2 id="lookup-title">Find your order</h2>
      <TextField label="Order number" value={orderNumber} onChange={(e) => setOrderNumber(e.target.value)} required />
      <TextField
        label="E-mail address"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        required
      />
      {error && (
        <Notice tone="error" role="alert">
          {errorMessage(error)}
        </Notice>
      )}
      <Button type="submit" variant="primary" disabled={isLoading}>
        Find the order
      </Button>
    </form>
  );
}

/** Returns for signed-in shoppers (per order) and for guests (order number and e-mail). */
export default function ReturnsPage({ page }: { page: string }) {
  const { orderNumber } = useParams();
  // A guest who just tracked the order arrives with its number (the session may return it for an hour).
  const [query] = useSearchParams();
  const returnsOn = useFlag('returns', false);
  const creating = page.endsWith('create');
  const guest = page.startsWith('order-');
  const [found, setFound] = useState<string>();
  const title = !returnsOn
    ? 'Returns'
    : creating
      ? 'Start a return'
      : orderNumber
        ? `Returns for order ${orderNumber}`
        : 'Return an order';
  usePageTitle(title);
  if (!returnsOn) return <ReturnsPolicy />;
  const number = guest ? (found ?? (query.get('orderNumber') || undefined)) : orderNumber;
  return (
    <>
      <h1>{title}</h1>
      {number ? (
        <OrderReturns order={{ orderNumber: number, guest }} creating={creating} />
      ) : guest ? (
        <GuestLookup onFound={setFound} />
      ) : (
        <Notice tone="error">There is no such order.</Notice>
      )}
    </>
  );
}
