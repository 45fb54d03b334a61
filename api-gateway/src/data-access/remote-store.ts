import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type RemoteName, remoteNameSchema } from '@shop/contracts';
import { z } from 'zod';
import { JsonFile } from './json-file';

export const versionSchema = z.string().regex(/^[0-9A-Za-z][0-9A-Za-z.+-]{0,79}$/, {
  message: 'Expected a version such as 1.2.0-3fa2b1c9',
});

export const versionsSchema = z.object({
  versions: z.array(z.object({ version: versionSchema, publishedAt: z.iso.datetime() })),
});
export type Versions = z.infer<typeof versionsSchema>;

const buildInfoSchema = z.object({ name: remoteNameSchema, version: versionSchema });

/**
 * Published remote builds: `<root>/<remote>/<version>/` folders that are never changed once
 * written, plus `<root>/<remote>/versions.json` listing them in publication order.
 */
export class RemoteStore {
  private readonly lists = new Map<RemoteName, JsonFile<Versions>>();

  constructor(readonly root: string) {}

  protected list(remote: RemoteName): JsonFile<Versions> {
    let file = this.lists.get(remote);
    if (!file) {
      file = new JsonFile(join(this.root, remote, 'versions.json'), versionsSchema, () => ({ versions: [] }));
      this.lists.set(remote, file);
    }
    return file;
  }

  versions(remote: RemoteName): Versions['versions'] {
    return this.list(remote).read().versions;
  }

  latest(remote: RemoteName): string | undefined {
    return this.versions(remote).at(-1)?.version;
  }

  has(remote: RemoteName, version: string): boolean {
    return versionSchema.safeParse(version).success && existsSync(join(this.root, remote, version, 'mf-manifest.json'));
  }

  /**
   * Copies a remote's build folder into an immutable version folder named
   * `<build version>-<content hash>`; publishing the same content again is a no-op.
   */
  async publish(distDir: string): Promise<Published> {
    const { remote, version } = describeBuild(distDir);
    const target = join(this.root, remote, version);
    if (existsSync(target)) return { remote, version, created: false };
    mkdirSync(join(this.root, remote), { recursive: true });
    const partial = `${target}.partial-${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    cpSync(distDir, partial, { recursive: true });
    // Rename last, so a half-copied folder is never served.
    renameSync(partial, target);
    const file = this.list(remote);
    const current = file.read();
    file.write({ versions: [...current.versions, { version, publishedAt: new Date().toISOString() }] });
    return { remote, version, created: true };
  }
}

export interface Published {
  remote: RemoteName;
  version: string;
  /** False when that content was published before: nothing changed. */
  created: boolean;
}

/** A build folder's remote and the version it publishes as: `<build version>-<content hash>`. */
export function describeBuild(distDir: string): { remote: RemoteName; version: string } {
  const infoPath = join(distDir, 'build-info.json');
  if (!existsSync(infoPath)) throw new Error(`${infoPath} is missing: build the remote first`);
  const info = buildInfoSchema.parse(JSON.parse(readFileSync(infoPath, 'utf8')));
  const hash = contentHash(distDir);
  return { remote: info.name, version: `${info.version}${info.version.includes('-') ? '.' : '-'}${hash}` };
}

/** Every file under `dir`, as paths relative to it, in a stable order. */
export function filesUnder(dir: string): string[] {
  const found: string[] = [];
  const walk = (current: string) => {
    for (const name of readdirSync(current).sort()) {
      const path = join(current, name);
      if (statSync(path).isDirectory()) walk(path);
      else found.push(relative(dir, path));
    }
  };
  walk(dir);
  return found;
}

function contentHash(dir: string): string {
  const hash = createHash('sha256');
  for (const path of filesUnder(dir)) {
    hash.update(path);
    hash.update(readFileSync(join(dir, path)));
  }
  return hash.digest('hex').slice(0, 8);
}
