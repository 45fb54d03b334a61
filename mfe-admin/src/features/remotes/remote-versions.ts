import type { AdminRemote, RemoteChange, RemoteHistoryEntry, ServedVersions } from '../../lib/admin-contract';

/** Versions a manager may put live or in a canary: published, compatible with the shell, and not already live or in the canary. */
export const offerableVersions = (remote: AdminRemote): string[] =>
  remote.published
    .filter(
      (published) =>
        published.compatible && published.version !== remote.live && published.version !== remote.canary?.version,
    )
    .map((published) => published.version);

/** A line of a remote's history in words. */
export function historyText(entry: RemoteHistoryEntry): string {
  if (typeof entry === 'string') return entry;
  return [entry.action, entry.version, entry.actor && `by ${entry.actor}`, entry.reason && `(“${entry.reason}”)`]
    .filter(Boolean)
    .join(' ');
}

const ACTIONS: Record<string, string> = {
  release: 'Release',
  canary: 'Canary',
  promote: 'Promotion',
  'abort-canary': 'Canary aborted',
  rollback: 'Rollback',
  'follow-global': 'Follows all brands again',
};

const servedText = (served: ServedVersions | undefined) =>
  [
    served?.live ? `live ${served.live}` : 'nothing live',
    served?.canary && `canary ${served.canary.version} at ${served.canary.percent}%`,
  ]
    .filter(Boolean)
    .join(', ');

/** What a registry change did, in words: "Release: live 1.0.0 → live 1.1.0". */
export function changeText(change: RemoteChange): string {
  const action = change.action ? (ACTIONS[change.action] ?? change.action) : 'Change';
  if (change.old || change.new) return `${action}: ${servedText(change.old)} → ${servedText(change.new)}`;
  return [action, change.version, change.percent !== undefined && `at ${change.percent}%`].filter(Boolean).join(' ');
}
