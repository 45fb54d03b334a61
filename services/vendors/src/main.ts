import { start } from './server';

start()
  .then((vendors) => {
    const storage = vendors.config.databaseUrl ? 'PostgreSQL' : `PGlite in ${vendors.config.dataDir}`;
    process.stdout.write(`Vendor services (captcha, CRM on ${storage}) at ${vendors.url}\n`);
    const shutdown = () => void vendors.stop().then(() => process.exit(0));
    process.once('SIGINT', shutdown);
    process.once('SIGTERM', shutdown);
  })
  .catch((error: Error) => {
    process.stderr.write(`Vendor services failed to start: ${error.message}\n`);
    process.exit(1);
  });
