import { Button, Skeleton, VisuallyHidden } from '@shop/ui';
import { Link } from 'react-router-dom';
import { statusOf } from './content-api';

/** Placeholder blocks while content loads. */
export function ContentLoading({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="content-loading" role="status" aria-live="polite">
      <VisuallyHidden>{label}…</VisuallyHidden>
      <Skeleton shape="line" />
      <Skeleton shape="line" />
      <Skeleton shape="block" />
    </div>
  );
}

/** A failed read: "not found" for 404, otherwise a retry. */
export function ContentError({ error, retry, missing }: { error: unknown; retry: () => void; missing: string }) {
  if (statusOf(error) === 404) {
    return (
      <div className="content-error" role="alert">
        <p>{missing}</p>
        <p>
          <Link to="/">Go to the home page</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="content-error" role="alert">
      <p>This content could not be loaded.</p>
      <Button onClick={retry}>Try again</Button>
    </div>
  );
}

/** Dates in content are calendar dates; show them without a time-zone shift. */
export const formatDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
