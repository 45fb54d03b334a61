import { type Db, type MigrationPlan, prepareDatabase } from '@shop/node-kit/db';
import { MIGRATIONS } from './migrations';

/** The stand-ins' schema, recorded in its own table so it can share a database with the commerce service. */
export const VENDOR_MIGRATIONS: MigrationPlan = { table: 'vendor_migrations', migrations: MIGRATIONS };

/** Applies pending migrations under the vendors' migration lock; returns the names applied. */
export const migrate = async (db: Db): Promise<string[]> => (await prepareDatabase(db, VENDOR_MIGRATIONS)).applied;
