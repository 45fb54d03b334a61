import { ORDER_HISTORY_MAX_OFFSET } from '@shop/contracts/browser';
import { LoadingStatus, Notice, buttonClassName } from '@shop/ui';
import { Link, useSearchParams } from 'react-router-dom';
import { errorOf, ordersApi } from '../api/orders-api';
import { OrderHistoryList } from './order-history-list';
import { SignInNotice } from './sign-in-notice';

/** The offset of the query, when it is one the gateway takes (else the first page). */
export function offsetOf(value: string | null): number {
  if (!value || !/^(0|[1-9]\d{0,4})$/.test(value)) return 0;
  const n = Number(value);
  return n <= ORDER_HISTORY_MAX_OFFSET ? n : 0;
}

/** /account/orders?offset=N: 12 orders a page, newest first, with pager links keeping the offset in the query. */
export function OrderHistory() {
  const [params] = useSearchParams();
  const offset = offsetOf(params.get('offset'));
  const { data, error, isLoading } = ordersApi.useAccountOrderHistoryQuery(offset);
  if (isLoading) return <LoadingStatus label="Loading your orders" />;
  if (error) {
    if (errorOf(error).status === 401) return <SignInNotice />;
    return <Notice tone="error">Your orders could not be loaded. Please try again.</Notice>;
  }
  if (!data) return null;
  if (data.total === 0)
    return (
      <p>
        You have not placed an order yet. <Link to="/">Start shopping</Link>
      </p>
    );
  const previous = Math.max(0, data.offset - data.pageSize);
  const next = data.offset + data.pageSize;
  const last = Math.min(data.total, data.offset + data.results.length);
  return (
    <>
      <p>
        Orders {data.results.length ? data.offset + 1 : 0}–{last} of {data.total}
      </p>
      {data.results.length ? (
        <OrderHistoryList orders={data.results} caption="Your orders" />
      ) : (
        <p>There are no orders on this page.</p>
      )}
      <nav aria-label="Order pages" className="order-pager">
        {data.offset > 0 && (
          <Link className={buttonClassName({ variant: 'secondary' })} to={`/account/orders?offset=${previous}`}>
            Newer orders
          </Link>
        )}
        {next < data.total && next <= ORDER_HISTORY_MAX_OFFSET && (
          <Link className={buttonClassName({ variant: 'secondary' })} to={`/account/orders?offset=${next}`}>
            Older orders
          </Link>
        )}
      </nav>
    </>
  );
}
