import { type Db, type MigrationPlan, prepareDatabase } from '@shop/node-kit/db';
import { seedIfEmpty } from '../seed/seed-database';
import { MIGRATIONS } from './migrations';

/** The commerce schema, recorded in schema_migrations. */
export const COMMERCE_MIGRATIONS: MigrationPlan = { table: 'schema_migrations', migrations: MIGRATIONS };

/** Applies pending migrations under the migration lock; returns the names applied. */
export const migrate = async (db: Db): Promise<string[]> => (await prepareDatabase(db, COMMERCE_MIGRATIONS)).applied;

/**
 * Migrates, then seeds an empty database with `products` products, both under one migration
 * lock: instances starting together on one PostgreSQL database migrate and seed it once.
 */
export const migrateAndSeed = (db: Db, products: number) =>
  prepareDatabase(db, COMMERCE_MIGRATIONS, (locked) => seedIfEmpty(locked, products));
