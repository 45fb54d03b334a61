import { start } from './server';

start()
  .then((vendors) => {
    const storage = vendors.config.databaseUrl ? 'PostgreSQL' : `PGlite in ${vendors.config.dataDir}`;
    process.stdout.write(
      `Vendor services (captcha, CRM, tax, address verification, payment, fraud, loyalty; data on ${storage})` +
        ` at ${vendors.url}; hosted card field at ${vendors.paymentHostedUrl}; fraud collector at ${vendors.fraudCollectorUrl}\n`,
    );
    // Open (and migrate) the database now, in the background: the first card a shopper enters
    // should not wait for it. A failure here is retried by the first request that needs it.
    vendors.database().catch((error: Error) => {
      process.stderr.write(`Vendor services could not open their database yet: ${error.message}\n`);
    });
    const shutdown = () => void vendors.stop().then(() => process.exit(0));
    process.once('SIGINT', shutdown);
    process.once('SIGTERM', shutdown);
  })
  .catch((error: Error) => {
    process.stderr.write(`Vendor services failed to start: ${error.message}\n`);
    process.exit(1);
  });
