// Prints, as JSON, every row of every table in the given PGlite data folders that contains one of
// the given strings: `node scan-databases.mjs '<json: { dirs: string[], needles: string[] }>'`.
// Run in its own process because PGlite is an ES module and one process per data folder at a time.
import { existsSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

const { dirs, needles } = JSON.parse(process.argv[2]);
const found = [];
let tables = 0;
for (const dir of dirs) {
  if (!existsSync(dir)) continue;
  const db = await PGlite.create(dir);
  const { rows } = await db.query(
    `SELECT table_schema, table_name FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
  );
  for (const { table_schema: schema, table_name: name } of rows) {
    tables += 1;
    const result = await db.query(`SELECT t::text AS row FROM "${schema}"."${name}" t`);
    for (const { row } of result.rows) {
      for (const needle of needles) if (row.includes(needle)) found.push({ dir, table: `${schema}.${name}`, needle });
    }
  }
  await db.close();
}
process.stdout.write(JSON.stringify({ tables, found }));
