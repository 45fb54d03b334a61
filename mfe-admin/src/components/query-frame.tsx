import { Button, LoadingStatus, Notice } from '@shop/ui';
import type { ReactNode } from 'react';
import { staffErrorOf } from '../lib/staff-error';

/** What the frame reads of an RTK Query hook's result. */
interface QueryState<T> {
  data?: T;
  error?: unknown;
  isLoading: boolean;
  refetch: () => unknown;
}

interface Props<T> {
  query: QueryState<T>;
  /** The loading status's label: "Loading the flags". */
  loading: string;
  /** The start of the error, before the gateway's message: "The flags could not be loaded". */
  failure: string;
  /** When reading again fails, show the error instead of what was read before. */
  hideDataOnError?: boolean;
  /** What the data shows, once it is in. */
  children: (data: T) => ReactNode;
}

/** What an admin read shows: a loading status, then its data, or what went wrong and a way to try again. */
export function QueryFrame<T>({ query, loading, failure, hideDataOnError = false, children }: Props<T>) {
  const { data, error, isLoading, refetch } = query;
  if (isLoading) return <LoadingStatus label={loading} />;
  if (data === undefined || (hideDataOnError && error))
    return (
      <Notice tone="error" as="div" role="alert">
        {failure}: {staffErrorOf(error).message}{' '}
        <Button variant="link" onClick={() => void refetch()}>
          Try again
        </Button>
      </Notice>
    );
  return <>{children(data)}</>;
}
