import type { RemoteName } from '@shop/contracts/browser';
import { useEffect, useState } from 'react';
import { loadRemoteModule, peekLoadedModule, refreshRemote } from './remote-runtime';

type State<T> = { status: 'loading' } | { status: 'ready'; module: T } | { status: 'failed'; error: Error };

/** Loads an exposed module; bumping `attempt` reloads it after refreshing the registry entry. */
export function useRemoteModule<T>(remote: RemoteName, expose: string, attempt: number): State<T> {
  const [state, setState] = useState<State<T>>(() => {
    const loaded = peekLoadedModule<T>(remote, expose);
    return loaded ? { status: 'ready', module: loaded } : { status: 'loading' };
  });
  useEffect(() => {
    const loaded = attempt === 0 ? peekLoadedModule<T>(remote, expose) : undefined;
    if (loaded) {
      setState({ status: 'ready', module: loaded });
      return;
    }
    let cancelled = false;
    setState({ status: 'loading' });
    (async () => {
      if (attempt > 0) await refreshRemote(remote);
      return loadRemoteModule<T>(remote, expose);
    })().then(
      (module) => !cancelled && setState({ status: 'ready', module }),
      (error: Error) => {
        if (cancelled) return;
        console.error(error);
        setState({ status: 'failed', error });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [remote, expose, attempt]);
  return state;
}
