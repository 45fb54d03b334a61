import {
  LOYALTY_CONFIRMATION_DELAY_MS,
  type LoyaltyMemberView,
  type LoyaltyProgramme,
  type LoyaltyResponse,
} from '@shop/contracts/browser';
import { apiErrorOf, useBootConfig, useFlag } from '@shop/platform';
import {
  Button,
  Card,
  LoadingStatus,
  Modal,
  Notice,
  PageShell,
  VisuallyHidden,
  buttonClassName,
  useAnnouncer,
} from '@shop/ui';
import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { formatDate } from '../../../lib/format-date';
import { useAccountGetLoyaltyQuery, useAccountJoinLoyaltyMutation } from '../api/loyalty-api';
import { HISTORY_LABELS, pointsText, worthText } from './loyalty-text';
import './loyalty.css';

/** /loyalty (flag `loyalty`): join the brand's rewards, the balance, the points history and how to earn. */
export default function LoyaltyPage({ page }: { page: string }) {
  const enabled = useFlag('loyalty', false);
  return (
    <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page={page} title="Rewards">
      {enabled ? <Rewards /> : <NotOffered />}
    </PageShell>
  );
}

function NotOffered() {
  const { brand } = useBootConfig();
  return (
    <Notice tone="info">
      {brand.name} has no rewards programme. <Link to="/">Continue shopping</Link>
    </Notice>
  );
}

function SignInFirst({ programme }: { programme?: LoyaltyProgramme }) {
  const here = useLocation();
  const callback = encodeURIComponent(`${here.pathname}${here.search}`);
  return (
    <>
      <Notice tone="info">
        <Link to={`/login?callbackUrl=${callback}`}>Sign in</Link> or{' '}
        <Link to={`/register?callbackUrl=${callback}`}>create an account</Link> to join Rewards and see your points.
      </Notice>
      {programme && <HowToEarn programme={programme} />}
    </>
  );
}

function Rewards() {
  const { data, error, isLoading, refetch } = useAccountGetLoyaltyQuery();
  const [welcomeOpen, setWelcomeOpen] = useState(false);
  if (isLoading) return <LoadingStatus label="Loading your rewards" />;
  if (error) {
    if (apiErrorOf(error).status === 401) return <SignInFirst />;
    return (
      <Notice tone="error" as="div" role="alert">
        Your rewards could not be loaded.{' '}
        <Button variant="link" onClick={() => void refetch()}>
          Try again
        </Button>
      </Notice>
    );
  }
  if (!data) return null;
  return (
    <div className="loyalty">
      {data.member ? (
        <Balance member={data.member} programme={data.programme} />
      ) : (
        <JoinOffer programme={data.programme} onJoined={() => setWelcomeOpen(true)} />
      )}
      {data.member && <History data={data} />}
      <HowToEarn programme={data.programme} />
      {data.member && <WelcomeDialog open={welcomeOpen} member={data.member} onClose={() => setWelcomeOpen(false)} />}
    </div>
  );
}

function JoinOffer({ programme, onJoined }: { programme: LoyaltyProgramme; onJoined: () => void }) {
  const headingId = useId();
  const [join, { isLoading }] = useAccountJoinLoyaltyMutation();
  const [failure, setFailure] = useState<string>();
  const { announce } = useAnnouncer();
  const submit = async () => {
    setFailure(undefined);
    const answer = await join();
    if ('error' in answer) {
      setFailure(apiErrorOf(answer.error).message);
      return;
    }
    announce(`You joined Rewards: ${pointsText(answer.data.member?.balance ?? 0)}.`);
    onJoined();
  };
  return (
    <Card as="section" look="outlined" aria-labelledby={headingId} className="loyalty-join">
      <h2 id={headingId}>Join Rewards</h2>
      <p>
        Join free and get <strong>{pointsText(programme.welcomeBonus)}</strong> (worth{' '}
        {worthText(programme.welcomeBonus, programme.centsPerPoint)}) to spend at checkout.
      </p>
      {failure && (
        <Notice tone="error" as="p" role="alert">
          {failure}
        </Notice>
      )}
      <Button variant="primary" onClick={() => void submit()} disabled={isLoading} aria-busy={isLoading}>
        {isLoading ? 'Joining…' : 'Join Rewards'}
      </Button>
    </Card>
  );
}

function Balance({ member, programme }: { member: LoyaltyMemberView; programme: LoyaltyProgramme }) {
  const headingId = useId();
  return (
    <Card as="section" look="outlined" aria-labelledby={headingId} className="loyalty-balance">
      <h2 id={headingId}>Your points</h2>
      <p className="loyalty-balance__figure" data-testid="loyalty-balance">
        {pointsText(member.balance)}
      </p>
      <p>
        Worth {worthText(member.available, programme.centsPerPoint)} at checkout.
        {member.held > 0 && ` ${pointsText(member.held)} are set aside by your bag until you order or remove them.`}
      </p>
      {member.pending > 0 && (
        <p data-testid="loyalty-pending">
          {pointsText(member.pending)} pending: you can spend them once their order ships.
        </p>
      )}
      {member.owed > 0 && (
        <p data-testid="loyalty-owed">
          {pointsText(member.owed)} owed: points of a cancelled or returned order you had already spent. Your next
          points pay them first.
        </p>
      )}
      <p className="loyalty-balance__since">Member since {formatDate(member.joinedAt)}</p>
    </Card>
  );
}

function History({ data }: { data: LoyaltyResponse }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Points history</h2>
      {data.history.length === 0 ? (
        <p>No points yet.</p>
      ) : (
        <table className="loyalty-history">
          <VisuallyHidden as="caption">Points earned and redeemed, newest first</VisuallyHidden>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Activity</th>
              <th scope="col" className="loyalty-history__points">
                Points
              </th>
            </tr>
          </thead>
          <tbody>
            {data.history.map((line, index) => (
              <tr key={`${line.kind}-${line.orderNumber ?? ''}-${index}`} data-kind={line.kind}>
                <td>{formatDate(line.at)}</td>
                <td>
                  {HISTORY_LABELS[line.kind]}
                  {line.orderNumber && (
                    <>
                      {' '}
                      <Link to={`/account/orders/${encodeURIComponent(line.orderNumber)}`}>{line.orderNumber}</Link>
                    </>
                  )}
                  {line.returnId && ` (return ${line.returnId})`}
                  {line.owed !== undefined && line.owed > 0 && `, ${pointsText(line.owed)} of it owed`}
                  {line.owed !== undefined && line.owed < 0 && `, ${pointsText(-line.owed)} of it paid what you owed`}
                </td>
                <td className="loyalty-history__points">
                  {line.points > 0 ? '+' : '−'}
                  {Math.abs(line.points).toLocaleString('en-US')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function HowToEarn({ programme }: { programme: LoyaltyProgramme }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>How it works</h2>
      <ul>
        <li>
          Earn {pointsText(programme.pointsPerDollar)} for every whole dollar you spend on goods when you are signed in.
        </li>
        <li>
          Each point is worth {worthText(1, programme.centsPerPoint)}: redeem them at checkout in the Loyalty points
          section.
        </li>
        <li>
          Points for an order show as pending when you place it and become yours to spend when it ships. A cancelled
          order takes its points back and gives back the points you redeemed on it; a return takes back the points of
          the items you return.
        </li>
      </ul>
    </section>
  );
}

/** The confirmation after joining, shown after SPEC §9's delay once the new balance is on the page. */
function WelcomeDialog({ open, member, onClose }: { open: boolean; member: LoyaltyMemberView; onClose: () => void }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!open) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), LOYALTY_CONFIRMATION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open]);
  return (
    <Modal open={shown} onClose={onClose} title="Welcome to Rewards">
      <p>You are a member. Your welcome bonus of {pointsText(member.balance)} is ready to spend at checkout.</p>
      <div className="loyalty-dialog__actions">
        <Link to="/" className={buttonClassName({ variant: 'primary' })} onClick={onClose}>
          Start shopping
        </Link>
        <Button variant="secondary" onClick={onClose}>
          See my points
        </Button>
      </div>
    </Modal>
  );
}
