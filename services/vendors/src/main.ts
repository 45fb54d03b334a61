import { exitOnSignals } from '@shop/node-kit';
import { start } from './server';

start()
  .then((vendors) => {
    const storage = vendors.config.databaseUrl ? 'PostgreSQL' : `PGlite in ${vendors.config.dataDir}`;
    process.stdout.write(
      `Vendor services (captcha, CRM, tax, address verification, payment, fraud, loyalty; data on ${storage})` +
        ` at ${vendors.url}; hosted card field at ${vendors.paymentHostedUrl}; fraud collector at ${vendors.fraudCollectorUrl};` +
        ` mail caught at ${vendors.mail.smtpUrl}, read at ${vendors.mail.viewerUrl}\n`,
    );
    // Open (and migrate) the database and load the ZIP table now, answering /healthz once done:
    // the first card or address a shopper enters should not wait for them. A failure here is
    // retried by the first request that needs it.
    vendors.warmUp().catch((error: Error) => {
      process.stderr.write(`Vendor services could not warm up yet: ${error.message}\n`);
    });
    exitOnSignals('Vendor services', vendors.shutdown);
  })
  .catch((error: Error) => {
    process.stderr.write(`Vendor services failed to start: ${error.message}\n`);
    process.exit(1);
  });
