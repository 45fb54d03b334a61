import { join } from 'node:path';
import type { Logger } from '@shop/node-kit';
import type { Db } from '@shop/node-kit/db';
import type { GatewayConfig } from '../config';
import { openGatewayDb } from './gateway-db';
import { postgresRegistryBackend } from './registry-backends';
import { RegistryRepository } from './registry-repository';
import { RemoteStore } from './remote-store';
import { PostgresRemoteStore, defaultRemotesCacheDir } from './remote-store-postgres';
import { type TrackingSink, createPostgresTrackingSink, createTrackingSink } from './tracking-sink';

/** What the gateway keeps that every instance must see alike. */
export interface GatewayStorage {
  registry: RegistryRepository;
  store: RemoteStore;
  /** The gateway's database, when it has one (DATABASE_URL). */
  db?: Db;
  close(): Promise<void>;
}

/**
 * With DATABASE_URL, PostgreSQL tables every instance shares (ADR 0029), and nothing is written
 * in DATA_DIR; without it, files in DATA_DIR for the instances of one host.
 */
export async function openGatewayStorage(
  config: Pick<GatewayConfig, 'database' | 'dataDir'>,
  logger: Logger,
): Promise<GatewayStorage> {
  if (!config.database) {
    return {
      registry: new RegistryRepository(config.dataDir),
      store: new RemoteStore(join(config.dataDir, 'remotes')),
      close: () => Promise.resolve(),
    };
  }
  const { url, poolSize, remotesCacheDir } = config.database;
  const db = await openGatewayDb(url, poolSize);
  let store: PostgresRemoteStore | undefined;
  try {
    store = await PostgresRemoteStore.open(db, remotesCacheDir ?? defaultRemotesCacheDir(url), logger);
    const builds = store;
    const backend = await postgresRegistryBackend(db, logger, { beforeChange: () => builds.refresh() });
    return {
      registry: new RegistryRepository(backend),
      store: builds,
      db,
      close: async () => {
        backend.close();
        builds.close();
        await db.close();
      },
    };
  } catch (error) {
    store?.close();
    await db.close();
    throw error;
  }
}

/** The tracking records: the gateway's database unless TRACKING_LOG names a file or "-". */
export function openTrackingSink(
  config: Pick<GatewayConfig, 'trackingLog' | 'trackingLogMaxBytes' | 'trackingLogFiles'>,
  storage: GatewayStorage,
  logger: Logger,
): TrackingSink {
  if (config.trackingLog)
    return createTrackingSink({
      path: config.trackingLog,
      maxBytes: config.trackingLogMaxBytes,
      files: config.trackingLogFiles,
    });
  if (!storage.db) throw new Error('TRACKING_LOG is needed without DATABASE_URL');
  return createPostgresTrackingSink(storage.db, logger);
}
