import { VisuallyHidden } from '@shop/ui';
import { QueryFrame } from '../../../components/query-frame';
import type { RemoteChange } from '../../../lib/admin-contract';
import { formatWhen } from '../../../lib/format-date';
import { useAdminGetRemoteAuditQuery } from '../api/remotes-api';
import { changeText } from '../remote-versions';

/** The registry's changes that reach the brand (its own and those for all brands), newest first. */
export function RemoteAudit({ brand }: { brand: string }) {
  const audit = useAdminGetRemoteAuditQuery(brand);
  return (
    <section aria-labelledby="admin-remote-audit-heading">
      <h3 id="admin-remote-audit-heading">Registry changes</h3>
      <QueryFrame
        query={audit}
        loading="Loading the registry changes"
        failure="The registry changes could not be loaded"
      >
        {(data) => <ChangeTable brand={brand} changes={data.changes} />}
      </QueryFrame>
    </section>
  );
}

function ChangeTable({ brand, changes }: { brand: string; changes: RemoteChange[] }) {
  if (changes.length === 0) return <p>No registry change for {brand} yet.</p>;
  return (
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
        {changes.map((change, index) => (
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
  );
}
