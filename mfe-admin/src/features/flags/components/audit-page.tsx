import { Button, Notice, VisuallyHidden } from '@shop/ui';
import { useState } from 'react';
import { QueryFrame } from '../../../components/query-frame';
import { ReasonDialog } from '../../../components/reason-dialog';
import { useReportResult } from '../../../components/result-region';
import type { FlagChange } from '../../../lib/admin-contract';
import { formatWhen } from '../../../lib/format-date';
import { staffErrorOf } from '../../../lib/staff-error';
import { useAdminGetFlagAuditQuery, useAdminGetFlagsQuery, useAdminRollbackFlagChangeMutation } from '../api/flags-api';
import { describeOverride } from '../targeting';

/** Every change of a brand's flags, newest first: who, when, which flag, old → new, why; a manager rolls one back. */
export function AuditPage({ brand, canChange }: { brand: string; canChange: boolean }) {
  const audit = useAdminGetFlagAuditQuery(brand);
  // A rollback is made from the flags' current version: read it before a manager asks for one.
  useAdminGetFlagsQuery(brand, { skip: !canChange });
  return (
    <QueryFrame query={audit} loading="Loading the audit" failure="The audit could not be loaded">
      {(data) => <AuditTable brand={brand} canChange={canChange} changes={data.changes} />}
    </QueryFrame>
  );
}

function AuditTable({ brand, canChange, changes }: { brand: string; canChange: boolean; changes: FlagChange[] }) {
  const [undoing, setUndoing] = useState<FlagChange>();
  return (
    <section aria-labelledby="admin-audit-heading">
      <h2 id="admin-audit-heading">Audit</h2>
      {changes.length === 0 ? (
        <p>No flag of {brand} has been changed yet.</p>
      ) : (
        <table className="admin-table">
          <VisuallyHidden as="caption">Changes to the flags of {brand}, newest first</VisuallyHidden>
          <thead>
            <tr>
              <th scope="col">Change</th>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Flag</th>
              <th scope="col">Old → new</th>
              <th scope="col">Reason</th>
              {canChange && (
                <th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => (
              <tr key={change.version} data-change={change.version}>
                <th scope="row" data-label="Change">
                  {change.version}
                  {change.rollbackOf !== undefined && (
                    <span className="admin-table__detail">rollback of {change.rollbackOf}</span>
                  )}
                </th>
                <td data-label="When">
                  <time dateTime={change.at}>{formatWhen(change.at)}</time>
                </td>
                <td data-label="Who">{change.actor}</td>
                <td data-label="Flag">
                  <code>{change.flag}</code>
                </td>
                <td data-label="Old → new">
                  {describeOverride(change.old)} → {describeOverride(change.new)}
                </td>
                <td data-label="Reason">{change.reason}</td>
                {canChange && (
                  <td className="admin-table__actions">
                    <Button
                      variant="secondary"
                      size="small"
                      aria-label={`Roll back change ${change.version} (${change.flag})`}
                      onClick={() => setUndoing(change)}
                    >
                      Roll back
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {undoing && <RollbackDialog brand={brand} change={undoing} onClose={() => setUndoing(undefined)} />}
    </section>
  );
}

function RollbackDialog({ brand, change, onClose }: { brand: string; change: FlagChange; onClose: () => void }) {
  // The rollback is a change of its own, made from the flags' current version.
  const flags = useAdminGetFlagsQuery(brand);
  const [rollback] = useAdminRollbackFlagChangeMutation();
  const report = useReportResult();
  const [conflict, setConflict] = useState(false);
  const submit = async (reason: string) => {
    if (!flags.data) return 'The flags’ current version is still loading: try again in a moment.';
    const answer = await rollback({ brand, number: change.version, version: flags.data.version, reason });
    if ('error' in answer) {
      const error = staffErrorOf(answer.error);
      if (error.status === 409) {
        setConflict(true);
        return 'Not rolled back: someone else changed these flags in the meantime. The audit now shows their change; check it, then roll back again if it is still wanted.';
      }
      return `Not rolled back: ${error.message}`;
    }
    report(`Change ${change.version} is rolled back: ${change.flag} is ${describeOverride(change.old)} again.`);
    return undefined;
  };
  return (
    <ReasonDialog
      title={`Roll back change ${change.version}`}
      submitLabel="Roll back"
      onClose={onClose}
      notice={conflict ? <Notice>The audit has been read again with the other change in it.</Notice> : undefined}
      onSubmit={submit}
    >
      <p>
        <code>{change.flag}</code> goes back to what it was before this change: {describeOverride(change.old)}. The
        rollback is recorded as a new change.
      </p>
    </ReasonDialog>
  );
}
