import { z } from 'zod';

import { REMOTE_NAMES } from './remote-names';

export { REMOTE_NAMES } from './remote-names';
export { SHELL_REMOTE_MODULES } from './shell-remote-modules';
export type { RemoteName } from './remote-names';
export type { ShellRemoteModule } from './shell-remote-modules';
export const remoteNameSchema = z.enum(REMOTE_NAMES);

export const remoteEntrySchema = z.object({
  manifestUrl: z.string().url(),
  version: z.string().min(1),
});
export type RemoteEntry = z.infer<typeof remoteEntrySchema>;

/** GET /api/remotes. A remote with no published build is absent. */
export const remoteRegistrySchema = z.object({
  remotes: z.partialRecord(remoteNameSchema, remoteEntrySchema),
});
export type RemoteRegistry = z.infer<typeof remoteRegistrySchema>;
