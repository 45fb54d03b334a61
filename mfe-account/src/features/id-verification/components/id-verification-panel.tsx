import {
  ID_VERIFICATION_GROUPS,
  ID_VERIFICATION_GROUP_LABELS,
  ID_VERIFICATION_PERCENT_OFF,
  ID_VERIFICATION_RESULT_PARAM,
  ID_VERIFICATION_START_PATH,
  type IdVerificationGroup,
} from '@shop/contracts/browser';
import { useFlag } from '@shop/platform';
import { Button, Card, LoadingStatus, Notice, Select, buttonClassName, useAnnouncer } from '@shop/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAccountGetIdVerificationStatusQuery } from '../api/id-verification-api';

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'America/Chicago' });

/**
 * Identity verification on the account overview (SPEC §2, §3): the groups ID.me can confirm, a
 * "Verify with ID.me" link that leaves for the provider, and once verified the group and the
 * customer's own code to copy and apply in the bag. Absent where the brand has it switched off.
 */
export function IdVerificationPanel({ returnTo = '/account' }: { returnTo?: string }) {
  const enabled = useFlag('idVerification', false);
  if (!enabled) return null;
  return <Panel returnTo={returnTo} />;
}

function Panel({ returnTo }: { returnTo: string }) {
  const headingId = useId();
  const { data, isLoading, isError, refetch } = useAccountGetIdVerificationStatusQuery();
  const [group, setGroup] = useState<IdVerificationGroup>('military');
  const location = useLocation();
  const justVerified = new URLSearchParams(location.search).get(ID_VERIFICATION_RESULT_PARAM) === 'verified';
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Back from the provider: put the person on what changed.
    if (justVerified && data?.code) resultRef.current?.focus();
  }, [justVerified, data?.code]);

  if (isLoading) return <LoadingStatus label="Loading your verification" />;
  if (isError || !data) {
    return (
      <Card as="section" look="outlined" aria-labelledby={headingId}>
        <h2 id={headingId}>Verified discounts</h2>
        <Notice tone="error" as="div" role="alert">
          We could not load your verification.{' '}
          <Button variant="link" onClick={() => void refetch()}>
            Try again
          </Button>
        </Notice>
      </Card>
    );
  }
  if (!data.available) return null;

  const start = `${ID_VERIFICATION_START_PATH}?${new URLSearchParams({ group, returnTo })}`;
  return (
    <Card as="section" look="outlined" aria-labelledby={headingId}>
      <h2 id={headingId}>Verified discounts</h2>
      <p>
        Verify with ID.me that you belong to one of these groups and get {ID_VERIFICATION_PERCENT_OFF}% off an order:
      </p>
      <ul>
        {ID_VERIFICATION_GROUPS.map((g) => (
          <li key={g}>{ID_VERIFICATION_GROUP_LABELS[g]}</li>
        ))}
      </ul>
      {data.group && data.code ? (
        <VerifiedCode group={data.group} code={data.code} verifiedAt={data.verifiedAt} resultRef={resultRef} />
      ) : null}
      <Select
        label={data.group ? 'Verify another group' : 'Your group'}
        value={group}
        onChange={(event) => setGroup(event.target.value as IdVerificationGroup)}
      >
        {ID_VERIFICATION_GROUPS.map((g) => (
          <option key={g} value={g}>
            {ID_VERIFICATION_GROUP_LABELS[g]}
          </option>
        ))}
      </Select>
      {/* A full navigation, not a fetch: the browser goes to ID.me and comes back here. */}
      <a className={buttonClassName({ variant: 'primary' })} href={start}>
        Verify with ID.me
      </a>
    </Card>
  );
}

function VerifiedCode({
  group,
  code,
  verifiedAt,
  resultRef,
}: {
  group: IdVerificationGroup;
  code: string;
  verifiedAt?: string;
  resultRef: React.RefObject<HTMLDivElement | null>;
}) {
  const { announce } = useAnnouncer();
  const [copyFailed, setCopyFailed] = useState(false);
  const codeId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopyFailed(false);
      announce(`Code ${code} copied`);
    } catch {
      setCopyFailed(true);
    }
  };
  return (
    <div ref={resultRef} tabIndex={-1}>
      <Notice tone="success" as="div">
        <p id={`${codeId}-status`}>
          Verified: {ID_VERIFICATION_GROUP_LABELS[group]}
          {verifiedAt ? ` on ${dateOf(verifiedAt)}` : ''}.
        </p>
        <p>
          Your code:{' '}
          <code id={codeId} data-testid="idme-code">
            {code}
          </code>{' '}
          <Button variant="secondary" size="small" onClick={() => void copy()} aria-describedby={codeId}>
            Copy code
          </Button>
        </p>
        <p>
          Apply it in <Link to="/cart">your bag</Link>: enter it in the promo code field. It works once, for your
          account only.
        </p>
        {copyFailed && <p role="alert">Copying did not work here; select the code and copy it by hand.</p>}
      </Notice>
    </div>
  );
}
