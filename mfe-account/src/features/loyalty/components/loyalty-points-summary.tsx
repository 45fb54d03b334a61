import { useFlag } from '@shop/platform';
import { Card } from '@shop/ui';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useAccountGetLoyaltyQuery } from '../api/loyalty-api';
import { pointsText, worthText } from './loyalty-text';

/** The account overview's rewards panel: the balance, or the offer to join; absent where the brand has no programme. */
export function LoyaltyPointsSummary() {
  const enabled = useFlag('loyalty', false);
  if (!enabled) return null;
  return <Summary />;
}

function Summary() {
  const headingId = useId();
  const { data, isError } = useAccountGetLoyaltyQuery();
  // A failed read leaves the panel out: the rest of the overview stays useful, /loyalty explains.
  if (isError || !data) return null;
  return (
    <Card as="section" look="outlined" aria-labelledby={headingId}>
      <h2 id={headingId}>Rewards</h2>
      {data.member ? (
        <p>
          You have <strong data-testid="account-points">{pointsText(data.member.balance)}</strong>, worth{' '}
          {worthText(data.member.available, data.programme.centsPerPoint)} at checkout
          {data.member.pending > 0 && ` (and ${pointsText(data.member.pending)} pending until their order ships)`}.{' '}
          <Link to="/loyalty">Points history</Link>
        </p>
      ) : (
        <p>
          Join Rewards and get {pointsText(data.programme.welcomeBonus)} to spend at checkout.{' '}
          <Link to="/loyalty">Join Rewards</Link>
        </p>
      )}
    </Card>
  );
}
