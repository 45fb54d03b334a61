import { Button, Card, VisuallyHidden } from '@shop/ui';
import type { AdminRemote, RemoteAction } from '../../../lib/admin-contract';
import { formatWhen } from '../../../lib/format-date';
import { historyText, offerableVersions } from '../remote-versions';

interface Props {
  remote: AdminRemote;
  canChange: boolean;
  onAction: (action: RemoteAction) => void;
}

/** One remote: live, canary, history and published versions (an incompatible one with its problems); a manager's actions. */
export function RemoteCard({ remote, canChange, onAction }: Props) {
  const headingId = `admin-remote-${remote.name}`;
  const offerable = offerableVersions(remote);
  return (
    <Card
      as="section"
      look="outlined"
      aria-labelledby={headingId}
      className="admin-remote"
      data-remote-name={remote.name}
    >
      <h3 id={headingId}>{remote.name}</h3>
      <dl className="admin-facts">
        <dt>Live</dt>
        <dd>
          {remote.live ?? 'Nothing live'}
          {remote.live && remote.liveInherited && ' (the release for all brands)'}
        </dd>
        <dt>Canary</dt>
        <dd>{remote.canary ? `${remote.canary.version} for ${remote.canary.percent}% of shoppers` : 'None'}</dd>
      </dl>
      {remote.history.length > 0 && (
        <>
          <h4>Earlier live versions, newest first</h4>
          <ol className="admin-history">
            {remote.history.map((entry, index) => (
              <li key={index}>
                {historyText(entry)}
                {typeof entry !== 'string' && entry.at && (
                  <>
                    {', '}
                    <time dateTime={entry.at}>{formatWhen(entry.at)}</time>
                  </>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
      <table className="admin-table">
        <caption>Published versions of {remote.name}</caption>
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Can go live</th>
          </tr>
        </thead>
        <tbody>
          {remote.published.map((published) => (
            <tr key={published.version} data-version={published.version}>
              <th scope="row">
                {published.version}
                {published.version === remote.live && <span className="admin-table__detail">live</span>}
                {published.version === remote.canary?.version && <span className="admin-table__detail">canary</span>}
              </th>
              <td data-label="Can go live">
                {published.compatible ? (
                  'Yes'
                ) : (
                  <>
                    No, it does not fit the shell:
                    <ul className="admin-problems">
                      {published.problems.map((problem) => (
                        <li key={problem}>{problem}</li>
                      ))}
                    </ul>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {canChange && (
        <div className="admin-actions" role="group" aria-label={`Change ${remote.name}`}>
          {offerable.length > 0 ? (
            <>
              <Button size="small" variant="secondary" onClick={() => onAction('release')}>
                Release<VisuallyHidden> a version of {remote.name}</VisuallyHidden>
              </Button>
              {!remote.canary && (
                <Button size="small" variant="secondary" onClick={() => onAction('canary')}>
                  Start a canary<VisuallyHidden> of {remote.name}</VisuallyHidden>
                </Button>
              )}
            </>
          ) : (
            <p className="admin-actions__note">No other compatible version is published.</p>
          )}
          {remote.canary && (
            <>
              <Button size="small" variant="secondary" onClick={() => onAction('promote')}>
                Promote the canary<VisuallyHidden> of {remote.name}</VisuallyHidden>
              </Button>
              <Button size="small" variant="secondary" onClick={() => onAction('abort-canary')}>
                Abort the canary<VisuallyHidden> of {remote.name}</VisuallyHidden>
              </Button>
            </>
          )}
          {remote.history.length > 0 && (
            <Button size="small" variant="secondary" onClick={() => onAction('rollback')}>
              Roll back<VisuallyHidden> {remote.name}</VisuallyHidden>
            </Button>
          )}
          {remote.live && !remote.liveInherited && remote.allBrandsLive && (
            <Button size="small" variant="secondary" onClick={() => onAction('follow-global')}>
              Follow the release for all brands<VisuallyHidden> of {remote.name}</VisuallyHidden>
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}
