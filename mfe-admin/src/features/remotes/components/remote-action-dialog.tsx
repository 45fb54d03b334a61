import { Select, TextField } from '@shop/ui';
import { useState } from 'react';
import { ReasonDialog } from '../../../components/reason-dialog';
import { useReportResult } from '../../../components/result-region';
import type { AdminRemote, RemoteAction, RemoteActionRequest } from '../../../lib/admin-contract';
import { staffErrorOf } from '../../../lib/staff-error';
import { useAdminRemoteActionMutation } from '../api/remotes-api';
import { offerableVersions } from '../remote-versions';

interface Props {
  brand: string;
  /** The remote as the latest listing has it. */
  remote: AdminRemote;
  action: RemoteAction;
  registryVersion: RemoteActionRequest['registryVersion'];
  onClose: () => void;
}

const TITLES: Record<RemoteAction, (name: string) => string> = {
  release: (name) => `Release a version of ${name}`,
  canary: (name) => `Start a canary of ${name}`,
  promote: (name) => `Promote the canary of ${name}`,
  'abort-canary': (name) => `Abort the canary of ${name}`,
  rollback: (name) => `Roll back ${name}`,
  'follow-global': (name) => `Follow the release of ${name} for all brands`,
};
const SUBMIT: Record<RemoteAction, string> = {
  release: 'Release',
  canary: 'Start the canary',
  promote: 'Promote',
  'abort-canary': 'Abort the canary',
  rollback: 'Roll back',
  'follow-global': 'Follow all brands',
};

/** One registry change for one remote of a brand, with its reason; the versions offered are only compatible ones. */
export function RemoteActionDialog({ brand, remote, action, registryVersion, onClose }: Props) {
  const offerable = offerableVersions(remote);
  const [version, setVersion] = useState(offerable[0] ?? '');
  const [percent, setPercent] = useState('10');
  const [send] = useAdminRemoteActionMutation();
  const report = useReportResult();
  const choosesVersion = action === 'release' || action === 'canary';

  const validate = () => {
    if (choosesVersion && !offerable.includes(version)) return 'Choose a compatible published version.';
    if (action === 'canary' && !(/^[0-9]{1,2}$/.test(percent) && Number(percent) >= 1))
      return 'The canary’s share is a whole number from 1 to 99.';
    return undefined;
  };

  const submit = async (reason: string) => {
    const request: RemoteActionRequest = {
      reason,
      registryVersion,
      ...(choosesVersion ? { version } : {}),
      ...(action === 'canary' ? { percent: Number(percent) } : {}),
    };
    const answer = await send({ brand, remote: remote.name, action, request });
    if ('error' in answer) {
      const error = staffErrorOf(answer.error);
      // REGISTRY_STATE_CONFLICT says there was nothing to do (no canary left, no earlier release): its message says which.
      if (error.status === 409 && error.code !== 'REGISTRY_STATE_CONFLICT')
        return 'Not done: the registry changed since this page read it. The page now shows what is live; check it, then try again.';
      return `Not done: ${error.message}`;
    }
    // Following when the brand already does changes nothing: the gateway answers `change: null`.
    const unchanged = (answer.data as { change?: unknown } | undefined)?.change === null;
    report(
      unchanged
        ? `${brand} already follows the release of ${remote.name} for all brands; nothing changed.`
        : doneText(action, remote, brand, version, percent),
    );
    return undefined;
  };

  return (
    <ReasonDialog
      title={TITLES[action](remote.name)}
      submitLabel={SUBMIT[action]}
      onClose={onClose}
      validate={validate}
      onSubmit={submit}
    >
      {choosesVersion && (
        <Select
          label="Version"
          hint="Only published versions that fit the shell are offered."
          value={version}
          onChange={(event) => setVersion(event.target.value)}
        >
          {offerable.map((candidate) => (
            <option key={candidate} value={candidate}>
              {candidate}
            </option>
          ))}
        </Select>
      )}
      {action === 'canary' && (
        <TextField
          label="Share of shoppers (%)"
          hint="1 to 99; the rest keep the live version."
          inputMode="numeric"
          value={percent}
          onChange={(event) => setPercent(event.target.value.trim())}
        />
      )}
      {action === 'promote' && remote.canary && (
        <p>
          {remote.canary.version} goes live for every {brand} shopper, in place of {remote.live ?? 'nothing'}.
        </p>
      )}
      {action === 'abort-canary' && remote.canary && (
        <p>
          Every {brand} shopper gets {remote.live ?? 'the live version'} again; {remote.canary.version} stays published.
        </p>
      )}
      {action === 'rollback' && (
        <p>
          The version live before {remote.live ?? 'this one'} goes live again for {brand}.
        </p>
      )}
      {action === 'follow-global' && (
        <p>
          {brand} gets the release for all brands{remote.allBrandsLive ? ` (${remote.allBrandsLive})` : ''} in place of
          its own {remote.live ?? 'version'}, and every later release for all brands. Its own version stays published,
          and a rollback brings it back.
        </p>
      )}
    </ReasonDialog>
  );
}

function doneText(action: RemoteAction, remote: AdminRemote, brand: string, version: string, percent: string): string {
  switch (action) {
    case 'release':
      return `${remote.name} ${version} is released for ${brand}.`;
    case 'canary':
      return `${remote.name} ${version} is in a canary for ${percent}% of ${brand} shoppers.`;
    case 'promote':
      return `The canary of ${remote.name} is promoted for ${brand}.`;
    case 'abort-canary':
      return `The canary of ${remote.name} is aborted for ${brand}.`;
    case 'rollback':
      return `${remote.name} is rolled back for ${brand}.`;
    case 'follow-global':
      return `${brand} follows the release of ${remote.name} for all brands again.`;
  }
}
