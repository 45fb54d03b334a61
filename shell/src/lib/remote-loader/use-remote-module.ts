import type { RemoteName } from '@shop/contracts/browser';
import { useEffect, useState } from 'react';
import { loadRemoteModule, peekLoadedModule, refreshRemote } from './remote-runtime';
import { useServerModules } from './server-modules';
import { pendingWake, whenIdle } from './wake-later';

type State<T> = { status: 'loading' } | { status: 'ready'; module: T } | { status: 'failed'; error: Error };

/** When a slot starts loading its module: at once, or once the browser is idle (see `whenIdle`, `wakeLater`). */
export type LoadStart = 'now' | 'idle';

/**
 * Loads an exposed module; bumping `attempt` reloads it after refreshing the registry entry. With
 * `start` 'idle' the first load waits for the browser to be idle: for parts nobody sees while a
 * page wakes up (a prompt that shows later, the offer of a set-aside bag, the footer's signup form),
 * so their remote's code does not run while the page hydrates.
 */
export function useRemoteModule<T>(
  remote: RemoteName,
  expose: string,
  attempt: number,
  start: LoadStart = 'now',
): State<T> {
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
    // A part that arrived rendered and wakes up after the page: its load is already waiting.
    const waking = start === 'idle' && attempt === 0 ? pendingWake(remote, expose) : undefined;
    const load = () =>
      (async () => {
        if (attempt > 0) await refreshRemote(remote);
        // One that failed to load is asked again, for the error.
        return ((await waking?.module) as T | undefined) ?? loadRemoteModule<T>(remote, expose);
      })().then(
        (module) => !cancelled && setState({ status: 'ready', module }),
        (error: Error) => {
          if (cancelled) return;
          console.error(error);
          setState({ status: 'failed', error });
        },
      );
    // A retry is the shopper asking: it never waits.
    let cancelStart: (() => void) | undefined;
    if (start === 'idle' && attempt === 0 && !waking) cancelStart = whenIdle(() => void load());
    else void load();
    return () => {
      cancelled = true;
      cancelStart?.();
    };
  }, [remote, expose, attempt, start]);
  return state;
}
