// The commerce service's database is the shared kit's adapter (PGlite or PostgreSQL).
export { openDatabase } from '@shop/node-kit/db';
export type { Db, Listener, Row } from '@shop/node-kit/db';
