import { Button, Modal, Notice, TextArea } from '@shop/ui';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';

interface Props {
  title: string;
  submitLabel: string;
  onClose: () => void;
  /** Sends the change with its reason; resolves to the failure's message, or nothing when it succeeded. */
  onSubmit: (reason: string) => Promise<string | undefined>;
  /** The change's own fields, above the reason. */
  children?: ReactNode;
  /** What the manager should know first: what is in force now after a conflict, say. */
  notice?: ReactNode;
  /** Checks the change's own fields before sending; answers the problem. */
  validate?: () => string | undefined;
}

/**
 * Every change the admin makes goes through this dialog: it asks why (the reason goes into the
 * audit), sends, and closes only when the gateway said yes. A refusal stays in the dialog.
 */
export function ReasonDialog({ title, submitLabel, onClose, onSubmit, children, notice, validate }: Props) {
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const open = useRef(true);
  useEffect(
    () => () => {
      open.current = false;
    },
    [],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = validate?.();
    const text = reason.trim();
    setReasonError(text ? undefined : 'Say why: the reason goes into the audit.');
    setFailure(problem);
    if (problem) return;
    if (!text) {
      document.getElementById(reasonId)?.focus();
      return;
    }
    setBusy(true);
    const failed = await onSubmit(text);
    if (!open.current) return;
    setBusy(false);
    if (failed) setFailure(failed);
    else onClose();
  };

  return (
    <Modal open onClose={onClose} title={title} className="admin-dialog">
      {notice}
      <form onSubmit={(event) => void submit(event)} noValidate className="admin-form">
        {children}
        <TextArea
          id={reasonId}
          label="Reason"
          hint="Who asked for it, or why: shown in the audit."
          marker="required"
          required
          maxLength={500}
          rows={2}
          value={reason}
          error={reasonError}
          onChange={(event) => setReason(event.target.value)}
        />
        {failure && (
          <Notice tone="error" role="alert">
            {failure}
          </Notice>
        )}
        <div className="admin-form__actions">
          <Button type="submit" disabled={busy} aria-busy={busy}>
            {busy ? 'Saving…' : submitLabel}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Modal>
  );
}
