import { exitOnSignals } from '@shop/node-kit';
import { start } from './server';

start()
  .then((commerce) => {
    const where = commerce.config.databaseUrl ? 'PostgreSQL' : `PGlite in ${commerce.config.dataDir}`;
    process.stdout.write(`Commerce API at ${commerce.baseUrl} (project ${commerce.config.projectKey}, ${where})\n`);
    exitOnSignals('Commerce service', commerce.shutdown);
  })
  .catch((error: Error) => {
    process.stderr.write(`Commerce service failed to start: ${error.message}\n`);
    process.exit(1);
  });
