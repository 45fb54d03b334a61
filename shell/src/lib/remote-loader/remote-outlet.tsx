import type { RemoteName, ShellRemoteModule } from '@shop/contracts/browser';
import type { RemoteModule } from '@shop/platform';
import {
  type ComponentType,
  type ReactNode,
  type RefObject,
  Suspense,
  use,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useCarriedFields } from '../early-input/use-carried-fields';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { remoteVersion } from './remote-runtime';
import { useServerModules } from './server-modules';
import { type LoadStart, useRemoteModule } from './use-remote-module';
import { type Waking, pendingWake } from './wake-later';

interface Props<P extends object, R extends RemoteName> {
  remote: R;
  /** Only a module listed in SHELL_REMOTE_MODULES: the gateway checks a version exposes each before it goes live. */
  expose: ShellRemoteModule<R>;
  props: P;
  /** What a slot shows when its remote fails; pages get the retry panel. */
  fallback?: (retry: () => void) => ReactNode;
  loading?: ReactNode;
  /**
   * 'idle': load once the browser is idle, for a part not seen while the page wakes up. Such a part
   * is its own Suspense boundary: rendered on the server, it keeps the server's markup while the
   * page hydrates and wakes up after it (`wakeLater`), and a render error there stays in it.
   */
  start?: LoadStart;
}

/**
 * Renders one exposed component of a remote inside a contained area: loading, load failure
 * and render errors all stay inside it, with a retry that reloads only this remote.
 */
export function RemoteOutlet<P extends object, R extends RemoteName = RemoteName>({
  remote,
  expose,
  props,
  fallback,
  loading,
  start = 'now',
}: Props<P, R>) {
  const [attempt, setAttempt] = useState(0);
  const state = useRemoteModule<RemoteModule<P>>(remote, expose, attempt, start);
  const server = useServerModules();
  const retry = () => setAttempt((n) => n + 1);
  const failed = (fallback ?? ((onRetry) => <RemoteFailure remote={remote} onRetry={onRetry} />))(retry);
  // The server's markup of this part, still waiting to wake up.
  const waking =
    start === 'idle' && state.status === 'loading' && attempt === 0 && !server
      ? pendingWake(remote, expose)
      : undefined;
  const area = useRef<HTMLDivElement>(null);
  const onWoken = useHeldUntilWoken(area, waking);
  useCarriedFields(area, state.status === 'loading' && !waking);

  let content: ReactNode;
  if (waking)
    content = <RemoteContent key={attempt} pending={waking.module} props={props} failed={failed} onShown={onWoken} />;
  else if (state.status === 'loading') content = loading ?? <RemoteLoading />;
  else if (state.status === 'failed') content = failed;
  else content = <RemoteContent key={attempt} module={state.module} props={props} failed={failed} onShown={onWoken} />;
  return (
    <div
      ref={area}
      className="remote-area"
      data-remote-area={remote}
      data-remote-version={server ? server.versions[remote] : remoteVersion(remote)}
      aria-busy={state.status === 'loading' && !waking}
      // A part that wakes up after the page (ADR 0025): the same on the server, so hydration keeps it.
      data-wakes-later={start === 'idle' ? '' : undefined}
    >
      {start === 'idle' ? <Suspense fallback={null}>{content}</Suspense> : content}
    </div>
  );
}

interface ContentProps<P extends object> {
  props: P;
  failed: ReactNode;
  onShown: () => void;
  /** The loaded module, or (`pending`) the part waking up: its load, which suspends this until it ends. */
  module?: RemoteModule<P>;
  pending?: Promise<unknown>;
}

/** The exposed component in its error boundary; the same element whether it was loaded or woke up. */
function RemoteContent<P extends object>({ module, pending, props, failed, onShown }: ContentProps<P>) {
  const loaded = module ?? (pending ? (use(pending) as RemoteModule<P> | undefined) : undefined);
  useEffect(() => onShown(), [onShown]);
  // A part that failed to wake up: React draws this in place of the server's markup.
  if (!loaded) return failed;
  const Exposed = loaded.default as ComponentType<P>;
  return (
    <RemoteErrorBoundary fallback={() => failed}>
      <Exposed {...props} />
    </RemoteErrorBoundary>
  );
}

/**
 * While a part shows the server's markup without its code, the shopper reaching for it (a
 * pointer or focus inside) loads it at once, and a form sent from it is held: with no handler
 * yet, the browser would load the page again with the fields in its address. Once the part has
 * woken up, a held form is sent again, this time to its handler. The listeners sit on the
 * document, ahead of React's, which stops events aimed at markup it has not woken up.
 */
function useHeldUntilWoken(area: RefObject<HTMLDivElement | null>, waking: Waking | undefined) {
  const [atStart] = useState(waking);
  const woken = useRef(!atStart);
  const held = useRef<HTMLFormElement | null>(null);
  useEffect(() => {
    if (!atStart || woken.current) return undefined;
    const inside = (event: Event) => event.target instanceof Node && Boolean(area.current?.contains(event.target));
    const reach = (event: Event) => {
      if (!woken.current && inside(event)) atStart.hurry();
    };
    const hold = (event: Event) => {
      if (woken.current || !inside(event)) return;
      event.preventDefault();
      event.stopPropagation();
      held.current = event.target instanceof HTMLFormElement ? event.target : null;
      atStart.hurry();
    };
    document.addEventListener('pointerdown', reach, true);
    document.addEventListener('focusin', reach, true);
    document.addEventListener('submit', hold, true);
    return () => {
      document.removeEventListener('pointerdown', reach, true);
      document.removeEventListener('focusin', reach, true);
      document.removeEventListener('submit', hold, true);
    };
  }, [area, atStart]);
  return useCallback(() => {
    woken.current = true;
    const form = held.current;
    held.current = null;
    if (form?.isConnected) form.requestSubmit();
  }, []);
}

function RemoteLoading() {
  return (
    <div className="remote-loading" role="status">
      <span className="visually-hidden">Loading…</span>
      <div className="shimmer" />
      <div className="shimmer shimmer--short" />
    </div>
  );
}

function RemoteFailure({ remote, onRetry }: { remote: RemoteName; onRetry: () => void }) {
  return (
    <div className="remote-failure" role="alert" data-remote-fallback={remote}>
      <h2>This part of the page didn’t load</h2>
      <p>Something went wrong on our side. The rest of the site still works.</p>
      <button type="button" className="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
