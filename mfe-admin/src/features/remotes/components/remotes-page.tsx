import { useState } from 'react';
import { QueryFrame } from '../../../components/query-frame';
import type { RemoteAction, RemotesListing } from '../../../lib/admin-contract';
import { useAdminGetRemotesQuery } from '../api/remotes-api';
import { RemoteActionDialog } from './remote-action-dialog';
import { RemoteAudit } from './remote-audit';
import { RemoteCard } from './remote-card';

/** The brand's remotes in the registry, what a manager can do with each, and the registry's audit. */
export function RemotesPage({ brand, canChange }: { brand: string; canChange: boolean }) {
  const remotes = useAdminGetRemotesQuery(brand);
  return (
    <QueryFrame query={remotes} loading="Loading the remotes" failure="The remotes could not be loaded">
      {(data) => <RemoteList brand={brand} canChange={canChange} data={data} />}
    </QueryFrame>
  );
}

function RemoteList({ brand, canChange, data }: { brand: string; canChange: boolean; data: RemotesListing }) {
  const [acting, setActing] = useState<{ remote: string; action: RemoteAction }>();
  const remote = acting && data.remotes.find((candidate) => candidate.name === acting.remote);
  return (
    <section aria-labelledby="admin-remotes-heading">
      <h2 id="admin-remotes-heading">Remotes</h2>
      <div className="admin-remotes">
        {data.remotes.map((item) => (
          <RemoteCard
            key={item.name}
            remote={item}
            canChange={canChange}
            onAction={(action) => setActing({ remote: item.name, action })}
          />
        ))}
      </div>
      {acting && remote && (
        <RemoteActionDialog
          brand={brand}
          remote={remote}
          action={acting.action}
          registryVersion={data.registryVersion}
          onClose={() => setActing(undefined)}
        />
      )}
      <RemoteAudit brand={brand} />
    </section>
  );
}
