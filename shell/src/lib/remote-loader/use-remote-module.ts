import type { RemoteName } from '@shop/contracts/browser';
import { useEffect, useState } from 'react';
import { loadRemoteModule, peekLoadedModule, refreshRemote } from './remote-runtime';
import { useServerModules } from './server-modules';

type State<T> = { status: 'loading' } | { status: 'ready'; module: T } | { status: 'failed'; error: Error };

/** Loads an exposed module; bumping `attempt` reloads it after refreshing the registry entry. */
export function useRemoteModule<T>(remote: RemoteName, expose: string, attempt: number): State<T> {
  const server = useServerModules();
  const [state, setState] = useState<State<T>>(() => {
    // On the server only what the renderer loaded renders; the rest is the loading state the
    // browser starts from too, so both agree when the page hydrates.
    const loaded = server
      ? (server.modules.get(`${remote}/${expose}`) as T | undefined)
      : peekLoadedModule<T>(remote, expose);
    return loaded ? { status: 'ready', module: loaded } : { status: 'loading' };
  });
  useEffect(() => {
    const loaded = attempt === 0 ? peekLoadedModule<T>(remote, expose) : undefined;
    // The state stays the same object when it already says this (a hydrated page's modules are
    // ready from the first render): a new one would render the whole remote area again, for nothing.
    if (loaded) {
      setState((current) =>
        current.status === 'ready' && current.module === loaded ? current : { status: 'ready', module: loaded },
      );
      return;
    }
    let cancelled = false;
    setState((current) => (current.status === 'loading' ? current : { status: 'loading' }));
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
