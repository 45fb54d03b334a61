export { openDatabase, advisoryLockKey } from './database';
export type { Db, Row, DatabaseOptions, Listener, ListenHandlers } from './database';
export { lazyDatabase } from './lazy-database';
export type { LazyDatabase } from './lazy-database';
export { applyMigrations, prepareDatabase, migrationLockName } from './migrations';
export type { Migration, MigrationPlan, Prepared } from './migrations';
export { isUniqueViolation } from './errors';
