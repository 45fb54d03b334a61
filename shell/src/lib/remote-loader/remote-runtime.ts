import { loadExposed, registerManifests } from './federation';
import type { RemoteName, RemoteRegistry } from '@shop/contracts/browser';

type Entries = RemoteRegistry['remotes'];

let current: Entries = {};
/** Modules already loaded, so moving between pages of one remote renders at once. */
const loadedModules = new Map<string, unknown>();

export const peekLoadedModule = <T>(remote: RemoteName, expose: string): T | undefined =>
  loadedModules.get(`${remote}/${expose}`) as T | undefined;

/** Registers the remotes the gateway inlined into the page (name -> mf-manifest.json URL). */
export function registerRegistry(entries: Entries, force = false): void {
  current = { ...current, ...entries };
  for (const name of Object.keys(entries)) {
    for (const key of [...loadedModules.keys()]) if (key.startsWith(`${name}/`)) loadedModules.delete(key);
  }
  const list = Object.entries(entries).map(([name, entry]) => ({ name, entry: entry.manifestUrl }));
  if (list.length > 0) registerManifests(list, force);
}

export const remoteVersion = (remote: RemoteName): string | undefined => current[remote]?.version;

export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: RemoteName,
    detail: string,
  ) {
    super(`Remote "${remote}" is unavailable: ${detail}`);
    this.name = 'RemoteUnavailableError';
  }
}

/** Loads `<remote>/<expose>`; throws RemoteUnavailableError when it is not registered or fails. */
export async function loadRemoteModule<T>(remote: RemoteName, expose: string): Promise<T> {
  if (!current[remote]) throw new RemoteUnavailableError(remote, 'no published version in the registry');
  let loaded: T | null;
  try {
    loaded = await loadExposed<T>(`${remote}/${expose}`);
  } catch (error) {
    throw new RemoteUnavailableError(remote, error instanceof Error ? error.message : String(error));
  }
  if (!loaded) throw new RemoteUnavailableError(remote, `${expose} did not load`);
  loadedModules.set(`${remote}/${expose}`, loaded);
  return loaded;
}

/**
 * Before a retry, asks the gateway for the current registry (a team may have rolled the
 * remote back meanwhile) and re-registers it with `force`, which drops the failed load.
 */
export async function refreshRemote(remote: RemoteName): Promise<void> {
  try {
    const response = await fetch('/api/remotes', { headers: { accept: 'application/json' } });
    if (response.ok) {
      const body = (await response.json()) as RemoteRegistry;
      const entry = body.remotes?.[remote];
      if (entry && typeof entry.manifestUrl === 'string') {
        registerRegistry({ [remote]: entry }, true);
        return;
      }
    }
  } catch {
    // The gateway itself is unreachable: retry with what we have.
  }
  const entry = current[remote];
  if (entry) registerRegistry({ [remote]: entry }, true);
}
