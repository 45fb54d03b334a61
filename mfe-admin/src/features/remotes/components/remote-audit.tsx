import { Button, LoadingStatus, Notice, VisuallyHidden } from '@shop/ui';
import { apiErrorOf } from '../../../lib/api-error';
import { formatWhen } from '../../../lib/format-date';
import { useAdminGetRemoteAuditQuery } from '../api/remotes-api';
import { changeText } from '../remote-versions';

/** The registry's changes that reach the brand (its own and those for all brands), newest first. */
export function RemoteAudit({ brand }: { brand: string }) {
  const { data, error, isLoading, refetch } = useAdminGetRemoteAuditQuery(brand);
  return (
    <section aria-labelledby="admin-remote-audit-heading">
      <h3 id="admin-remote-audit-heading">Registry changes</h3>
      {isLoading ? (
        <LoadingStatus label="Loading the registry changes" />
      ) : !data ? (
        <Notice tone="error" as="div" role="alert">
          The registry changes could not be loaded: {apiErrorOf(error).message}{' '}
          <Button variant="link" onClick={() => void refetch()}>
            Try again
          </Button>
        </Notice>
      ) : data.changes.length === 0 ? (
        <p>No registry change for {brand} yet.</p>
      ) : (
        <table className="admin-table">
          <VisuallyHidden as="caption">Registry changes for {brand}, newest first</VisuallyHidden>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">For</th>
              <th scope="col">Remote</th>
              <th scope="col">Change</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {data.changes.map((change, index) => (
              <tr key={index}>
                <td data-label="When">{change.at ? <time dateTime={change.at}>{formatWhen(change.at)}</time> : '—'}</td>
                <td data-label="Who">{change.actor ?? '—'}</td>
                <td data-label="For">{change.scope === '*' ? 'All brands' : (change.scope ?? brand)}</td>
                <td data-label="Remote">{change.remote ?? '—'}</td>
                <td data-label="Change">{changeText(change)}</td>
                <td data-label="Reason">{change.reason ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
