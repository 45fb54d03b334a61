import type { RemoteName, ShellRemoteModule } from '@shop/contracts/browser';
import type { RemoteModule } from '@shop/platform';
import { type ComponentType, type ReactNode, useState } from 'react';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { remoteVersion } from './remote-runtime';
import { useServerModules } from './server-modules';
import { type LoadStart, useRemoteModule } from './use-remote-module';

interface Props<P extends object, R extends RemoteName> {
  remote: R;
  /** Only a module listed in SHELL_REMOTE_MODULES: the gateway checks a version exposes each before it goes live. */
  expose: ShellRemoteModule<R>;
  props: P;
  /** What a slot shows when its remote fails; pages get the retry panel. */
  fallback?: (retry: () => void) => ReactNode;
  loading?: ReactNode;
  /** 'idle': load once the browser is idle, for a part not seen while the page wakes up. */
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

  let content: ReactNode;
  if (state.status === 'loading') content = loading ?? <RemoteLoading />;
  else if (state.status === 'failed') content = failed;
  else {
    const Exposed = state.module.default as ComponentType<P>;
    content = (
      <RemoteErrorBoundary key={attempt} fallback={() => failed}>
        <Exposed {...props} />
      </RemoteErrorBoundary>
    );
  }
  return (
    <div
      className="remote-area"
      data-remote-area={remote}
      data-remote-version={server ? server.versions[remote] : remoteVersion(remote)}
      aria-busy={state.status === 'loading'}
    >
      {content}
    </div>
  );
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
