import { useSession } from '@shop/platform';
import { LoadingStatus, Notice, PageShell } from '@shop/ui';
import { Link } from 'react-router-dom';
import { SignOutButton } from '../../features/account/components/sign-out-button';
import { errorOf, ordersApi } from '../../features/orders/api/orders-api';
import { OrderHistoryList } from '../../features/orders/components/order-history-list';
import { SignInNotice } from '../../features/orders/components/sign-in-notice';
import { LoyaltyPointsSummary } from '../../features/loyalty/components/loyalty-points-summary';
import { IdVerificationPanel } from '../../features/id-verification/components/id-verification-panel';
import '../../features/orders/components/orders.css';

const RECENT = 3;

function RecentOrders() {
  const { data, error, isLoading } = ordersApi.useAccountOrderHistoryQuery(0);
  if (isLoading) return <LoadingStatus label="Loading your recent orders" />;
  if (error)
    return errorOf(error).status === 401 ? (
      <SignInNotice />
    ) : (
      <Notice tone="error">Your recent orders could not be loaded.</Notice>
    );
  if (!data?.results.length) return <p>You have not placed an order yet.</p>;
  return (
    <>
      <OrderHistoryList orders={data.results.slice(0, RECENT)} caption="Your recent orders" />
      <p>
        <Link to="/account/orders">All orders ({data.total})</Link>
      </p>
    </>
  );
}

/** /account: who is signed in, recent orders and the way to every account page. */
export default function AccountOverview({ page }: { page: string }) {
  const { user } = useSession();
  return (
    <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page={page} title="My account">
      <div className="account-overview">
        {user?.email && <p>Signed in as {user.email}</p>}
        <section aria-labelledby="recent-orders-title">
          <h2 id="recent-orders-title">Recent orders</h2>
          <RecentOrders />
        </section>
        <LoyaltyPointsSummary />
        <IdVerificationPanel />
        <nav aria-label="Account">
          <ul>
            <li>
              <Link to="/account/profile">Profile</Link>
            </li>
            <li>
              <Link to="/account/orders">Order history</Link>
            </li>
            <li>
              <Link to="/privacy/preferences">Privacy preferences</Link>
            </li>
          </ul>
        </nav>
        <SignOutButton />
      </div>
    </PageShell>
  );
}
