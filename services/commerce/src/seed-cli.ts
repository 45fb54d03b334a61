// Seeds a database without serving it: `node dist/seed-cli.js [--scale <products>]`.
import { loadCommerceConfig } from './config';
import { openDatabase } from './db/database';
import { migrateAndSeed } from './db/migrate';

async function main() {
  const config = loadCommerceConfig();
  const at = process.argv.indexOf('--scale');
  const products = at >= 0 ? Number(process.argv[at + 1]) : config.seedProducts;
  if (!Number.isInteger(products) || products < 1 || products > 200_000)
    throw new Error('--scale takes a product count from 1 to 200000');
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: config.dbPoolSize });
  const started = performance.now();
  const prepared = await migrateAndSeed(db, products).finally(() => db.close());
  const result = prepared.seed;
  process.stdout.write(
    result.seeded
      ? `Seeded ${result.products} products in ${Math.round(performance.now() - started)} ms\n`
      : `Already seeded (${result.products} products); nothing to do\n`,
  );
}

main().catch((error: Error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
