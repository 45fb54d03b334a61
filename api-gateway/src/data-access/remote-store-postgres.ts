import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type RemoteName, remoteNameSchema } from '@shop/contracts';
import type { Logger } from '@shop/node-kit';
import type { Db } from '@shop/node-kit/db';
import { type Published, RemoteStore, describeBuild, filesUnder, versionSchema } from './remote-store';

/** Where an instance keeps its copies of the builds in one database, unless REMOTES_CACHE_DIR says. */
export const defaultRemotesCacheDir = (databaseUrl: string) =>
  join(tmpdir(), `shop-remotes-${createHash('sha256').update(databaseUrl).digest('hex').slice(0, 12)}`);

/**
 * Published remote builds in PostgreSQL (`gateway_remote_versions`, `gateway_remote_files`), so a
 * version published through any gateway, or by the CLI from a team's pipeline, is served by all.
 * A version is immutable and named by its content's hash, so each instance copies it once into a
 * local cache folder laid out as the one-host store is (`<cache>/<remote>/<version>/`, plus each
 * remote's `versions.json`): the static files, the compatibility check and the page renderer read
 * it there. Versions published elsewhere are copied in within `refreshMs`.
 */
export class PostgresRemoteStore extends RemoteStore {
  private lastSeq = 0;
  private timer: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> | undefined;

  private constructor(
    private readonly db: Db,
    cacheDir: string,
    private readonly logger: Logger,
  ) {
    super(cacheDir);
  }

  /** Copies in every published version before the instance serves, then keeps up. */
  static async open(db: Db, cacheDir: string, logger: Logger, refreshMs = 1000): Promise<PostgresRemoteStore> {
    const store = new PostgresRemoteStore(db, cacheDir, logger);
    await store.refresh();
    let failing = false;
    store.timer = setInterval(() => {
      store.refresh().then(
        () => {
          failing = false;
        },
        (error: unknown) => {
          if (!failing)
            logger.error('Published remote builds unreadable; serving those copied', { error: String(error) });
          failing = true;
        },
      );
    }, refreshMs);
    store.timer.unref();
    return store;
  }

  close(): void {
    clearInterval(this.timer);
  }

  /** Copies in the versions published since the last look (one look at a time). */
  refresh(): Promise<void> {
    this.refreshing ??= this.catchUp().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async catchUp(): Promise<void> {
    const rows = await this.db.query<{ seq: number; remote: string; version: string }>(
      'SELECT seq, remote, version FROM gateway_remote_versions WHERE seq > $1 ORDER BY seq',
      [this.lastSeq],
    );
    const touched = new Set<RemoteName>();
    for (const row of rows) {
      const remote = remoteNameSchema.parse(row.remote);
      await this.copyIn(remote, versionSchema.parse(row.version));
      touched.add(remote);
      this.lastSeq = row.seq;
    }
    for (const remote of touched) {
      const listed = await this.db.query<{ version: string; published_at: Date }>(
        'SELECT version, published_at FROM gateway_remote_versions WHERE remote = $1 ORDER BY seq',
        [remote],
      );
      this.list(remote).write({
        versions: listed.map((row) => ({
          version: row.version,
          publishedAt: new Date(row.published_at).toISOString(),
        })),
      });
    }
  }

  /** Writes one version's files under a temporary name and renames it into place: never half there. */
  private async copyIn(remote: RemoteName, version: string): Promise<void> {
    const target = join(this.root, remote, version);
    if (existsSync(target)) return;
    const files = await this.db.query<{ path: string; body: Buffer }>(
      'SELECT path, body FROM gateway_remote_files WHERE remote = $1 AND version = $2',
      [remote, version],
    );
    const partial = `${target}.partial-${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    for (const { path, body } of files) {
      const file = join(partial, path);
      // Paths were checked when published; a stored path that leaves its folder is not written.
      if (!file.startsWith(`${partial}/`)) throw new Error(`${remote} ${version} holds a bad path ${path}`);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, body);
    }
    mkdirSync(join(this.root, remote), { recursive: true });
    renameSync(partial, target);
  }

  /** Stores the build in one transaction; the same content published again changes nothing. */
  override async publish(distDir: string): Promise<Published> {
    const { remote, version } = describeBuild(distDir);
    const created = await this.db.transaction(async (tx) => {
      const inserted = await tx.query(
        `INSERT INTO gateway_remote_versions (remote, version, published_at) VALUES ($1, $2, now())
         ON CONFLICT (remote, version) DO NOTHING RETURNING seq`,
        [remote, version],
      );
      if (inserted.length === 0) return false;
      for (const path of filesUnder(distDir)) {
        await tx.query('INSERT INTO gateway_remote_files (remote, version, path, body) VALUES ($1, $2, $3, $4)', [
          remote,
          version,
          path.split('\\').join('/'),
          readFileSync(join(distDir, path)),
        ]);
      }
      return true;
    });
    if (created) this.logger.info('Remote build published', { remote, version });
    await this.refresh();
    return { remote, version, created };
  }
}
