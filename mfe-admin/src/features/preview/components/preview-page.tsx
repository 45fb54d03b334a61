import { Button, Notice, TextField } from '@shop/ui';
import { useId, useState } from 'react';
import { useReportResult } from '../../../components/result-region';
import type { PreviewLink } from '../../../lib/admin-contract';
import { formatWhen } from '../../../lib/format-date';
import { staffErrorOf } from '../../../lib/staff-error';
import { useAdminCreatePreviewLinkMutation } from '../api/preview-api';

/** Creates a preview link (the shop as the previewers group sees it) and copies it. */
export function PreviewPage({ brand, canChange }: { brand: string; canChange: boolean }) {
  const fieldId = useId();
  const [create, { isLoading }] = useAdminCreatePreviewLinkMutation();
  const [link, setLink] = useState<PreviewLink>();
  const [failure, setFailure] = useState<string>();
  const [copyFailed, setCopyFailed] = useState(false);
  const report = useReportResult();

  const make = async () => {
    setFailure(undefined);
    setCopyFailed(false);
    const answer = await create(brand);
    if ('error' in answer) {
      setFailure(`No link was created: ${staffErrorOf(answer.error).message}`);
      return;
    }
    setLink(answer.data);
    report(`A preview link for ${brand} is ready. It expires ${formatWhen(answer.data.expiresAt)}.`);
  };

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      setCopyFailed(false);
      report('The preview link is copied.');
    } catch {
      // No clipboard (permission, an older browser): the link is selected for the staff member to copy.
      setCopyFailed(true);
      const field = document.getElementById(fieldId) as HTMLInputElement | null;
      field?.focus();
      field?.select();
    }
  };

  return (
    <section aria-labelledby="admin-preview-heading">
      <h2 id="admin-preview-heading">Preview link</h2>
      <p>
        Whoever opens a preview link sees {brand} as the previewers group does: flags targeted at previewers apply to
        them until the link expires.
      </p>
      {canChange ? (
        <Button onClick={() => void make()} disabled={isLoading} aria-busy={isLoading}>
          {isLoading ? 'Creating…' : link ? 'Create another link' : 'Create a preview link'}
        </Button>
      ) : (
        <p>Managers of {brand} create preview links; ask one for a link.</p>
      )}
      {failure && (
        <Notice tone="error" role="alert">
          {failure}
        </Notice>
      )}
      {link && (
        <div className="admin-preview">
          <TextField
            id={fieldId}
            label="Preview link"
            hint={`Expires ${formatWhen(link.expiresAt)}.`}
            readOnly
            value={link.url}
            onFocus={(event) => event.target.select()}
          />
          <Button variant="secondary" onClick={() => void copy()}>
            Copy link
          </Button>
          {copyFailed && (
            <Notice tone="error" role="alert">
              The link could not be copied for you: it is selected, copy it with your keyboard.
            </Notice>
          )}
        </div>
      )}
    </section>
  );
}
