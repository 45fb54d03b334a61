import { join } from 'node:path';
import { type BrandId, type RemoteName, brandIdSchema, remoteNameSchema } from '@shop/contracts';
import { z } from 'zod';
import { JsonFile } from './json-file';
import { versionSchema } from './remote-store';

/** `*` applies to every brand; a brand's own entry wins over it. */
const scopeSchema = z.union([z.literal('*'), brandIdSchema]);
export type RegistryScope = z.infer<typeof scopeSchema>;

const entrySchema = z.object({
  live: versionSchema,
  /** Earlier live versions, newest last, for rollback. */
  history: z.array(versionSchema).max(50),
  updatedAt: z.iso.datetime(),
});

const registrySchema = z.object({
  scopes: z.partialRecord(scopeSchema, z.partialRecord(remoteNameSchema, entrySchema)),
});
type Registry = z.infer<typeof registrySchema>;

/**
 * The run-time remote registry: which version of each remote is live, globally or per brand.
 * Changing it puts a version live or rolls it back with no rebuild and no restart.
 */
export class RegistryRepository {
  private readonly file: JsonFile<Registry>;

  constructor(dataDir: string) {
    this.file = new JsonFile(join(dataDir, 'registry.json'), registrySchema, () => ({ scopes: {} }));
  }

  liveVersion(brand: BrandId, remote: RemoteName): string | undefined {
    const { scopes } = this.file.read();
    return scopes[brand]?.[remote]?.live ?? scopes['*']?.[remote]?.live;
  }

  entries(): Registry['scopes'] {
    return this.file.read().scopes;
  }

  release(scope: RegistryScope, remote: RemoteName, version: string): void {
    const registry = this.file.read();
    const current = registry.scopes[scope]?.[remote];
    if (current?.live === version) return;
    const history = current ? [...current.history, current.live].slice(-50) : [];
    this.write(registry, scope, remote, { live: version, history, updatedAt: new Date().toISOString() });
  }

  /** Puts the previous live version back; returns it, or undefined when there is none. */
  rollback(scope: RegistryScope, remote: RemoteName): string | undefined {
    const registry = this.file.read();
    const current = registry.scopes[scope]?.[remote];
    const previous = current?.history.at(-1);
    if (!current || !previous) return undefined;
    this.write(registry, scope, remote, {
      live: previous,
      history: current.history.slice(0, -1),
      updatedAt: new Date().toISOString(),
    });
    return previous;
  }

  private write(registry: Registry, scope: RegistryScope, remote: RemoteName, entry: z.infer<typeof entrySchema>) {
    this.file.write({ scopes: { ...registry.scopes, [scope]: { ...registry.scopes[scope], [remote]: entry } } });
  }
}
