import { Button, LoadingStatus, Notice } from '@shop/ui';
import { useState } from 'react';
import type { RemoteAction } from '../../../lib/admin-contract';
import { apiErrorOf } from '../../../lib/api-error';
import { useAdminGetRemotesQuery } from '../api/remotes-api';
import { RemoteActionDialog } from './remote-action-dialog';
import { RemoteAudit } from './remote-audit';
import { RemoteCard } from './remote-card';

/** The brand's remotes in the registry, what a manager can do with each, and the registry's audit. */
export function RemotesPage({ brand, canChange }: { brand: string; canChange: boolean }) {
  const { data, error, isLoading, refetch } = useAdminGetRemotesQuery(brand);
  const [acting, setActing] = useState<{ remote: string; action: RemoteAction }>();
  if (isLoading) return <LoadingStatus label="Loading the remotes" />;
  if (!data)
    return (
      <Notice tone="error" as="div" role="alert">
        The remotes could not be loaded: {apiErrorOf(error).message}{' '}
        <Button variant="link" onClick={() => void refetch()}>
          Try again
        </Button>
      </Notice>
    );
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
