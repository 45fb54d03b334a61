import { Button, VisuallyHidden } from '@shop/ui';
import { useState } from 'react';
import { QueryFrame } from '../../../components/query-frame';
import type { AdminFlag, FlagListing, FlagState } from '../../../lib/admin-contract';
import { formatWhen } from '../../../lib/format-date';
import { useAdminGetFlagsQuery } from '../api/flags-api';
import { describeTargeting, stateLabel } from '../targeting';
import { FlagEditDialog, FlagToggleDialog } from './flag-change-dialogs';

type Editing = { key: string; kind: 'toggle'; to: FlagState } | { key: string; kind: 'edit' };

/** A brand's flags: what is in force, flags.json's default, the last change; a manager changes them. */
export function FlagsPage({ brand, canChange }: { brand: string; canChange: boolean }) {
  const flags = useAdminGetFlagsQuery(brand);
  return (
    <QueryFrame query={flags} loading="Loading the flags" failure="The flags could not be loaded">
      {(data) => <FlagTable brand={brand} canChange={canChange} data={data} reloading={flags.isFetching} />}
    </QueryFrame>
  );
}

interface FlagTableProps {
  brand: string;
  canChange: boolean;
  data: FlagListing;
  /** The flags are being read again (after a change or a conflict). */
  reloading: boolean;
}

function FlagTable({ brand, canChange, data, reloading }: FlagTableProps) {
  const [editing, setEditing] = useState<Editing>();
  const flag = editing && data.flags.find((candidate) => candidate.key === editing.key);
  return (
    <section aria-labelledby="admin-flags-heading">
      <h2 id="admin-flags-heading">Flags</h2>
      <table className="admin-table">
        <VisuallyHidden as="caption">Feature flags of {brand}</VisuallyHidden>
        <thead>
          <tr>
            <th scope="col">Flag</th>
            <th scope="col">In force</th>
            <th scope="col">flags.json</th>
            <th scope="col">Last change</th>
            {canChange && (
              <th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {data.flags.map((item) => (
            <FlagRow key={item.key} flag={item} canChange={canChange} onEdit={setEditing} />
          ))}
        </tbody>
      </table>
      {editing?.kind === 'toggle' && flag && (
        <FlagToggleDialog
          brand={brand}
          flag={flag}
          to={editing.to}
          version={data.version}
          reloading={reloading}
          onClose={() => setEditing(undefined)}
        />
      )}
      {editing?.kind === 'edit' && flag && (
        <FlagEditDialog
          brand={brand}
          flag={flag}
          version={data.version}
          reloading={reloading}
          onClose={() => setEditing(undefined)}
        />
      )}
    </section>
  );
}

function FlagRow({
  flag,
  canChange,
  onEdit,
}: {
  flag: AdminFlag;
  canChange: boolean;
  onEdit: (editing: Editing) => void;
}) {
  const enabled = flag.state !== 'DISABLED';
  const verb = enabled ? 'Disable' : 'Enable';
  return (
    <tr data-flag={flag.key}>
      <th scope="row">
        <code>{flag.key}</code>
      </th>
      <td data-label="In force">
        {stateLabel(flag.state)}, default “{flag.defaultVariant}”
        {flag.targeting && Object.keys(flag.targeting).length > 0 && (
          <span className="admin-table__detail">{describeTargeting(flag.targeting, flag.defaultVariant)}</span>
        )}
      </td>
      <td data-label="flags.json">
        {stateLabel(flag.file.state)}, default “{flag.file.defaultVariant}”
      </td>
      <td data-label="Last change">
        {flag.lastChange ? (
          <>
            {flag.lastChange.actor}, <time dateTime={flag.lastChange.at}>{formatWhen(flag.lastChange.at)}</time>
            <span className="admin-table__detail">“{flag.lastChange.reason}”</span>
          </>
        ) : (
          'Never changed'
        )}
      </td>
      {canChange && (
        <td className="admin-table__actions">
          <Button
            variant="secondary"
            size="small"
            aria-label={`${verb} ${flag.key}`}
            onClick={() => onEdit({ key: flag.key, kind: 'toggle', to: enabled ? 'DISABLED' : 'ENABLED' })}
          >
            {verb}
          </Button>
          <Button
            variant="secondary"
            size="small"
            aria-label={`Change ${flag.key}`}
            onClick={() => onEdit({ key: flag.key, kind: 'edit' })}
          >
            Change
          </Button>
        </td>
      )}
    </tr>
  );
}
