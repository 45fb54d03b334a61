import { Button, LoadingStatus, Notice } from '@shop/ui';
import { statusOf } from '../lib/fit-api';

/** While the brand's content loads, or after it failed to (with a retry). */
export function LoadState({ error, retry, label }: { error: unknown; retry: () => void; label: string }) {
  if (!error) return <LoadingStatus label={label} shapes={['bar', 'block']} />;
  return (
    <Notice as="div" tone="error" role="alert">
      <p>This could not be loaded{statusOf(error) === 'FETCH_ERROR' ? ': check your connection' : ''}.</p>
      <Button variant="secondary" onClick={retry}>
        Try again
      </Button>
    </Notice>
  );
}
