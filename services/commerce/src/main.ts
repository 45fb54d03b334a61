import { start } from './server';

start()
  .then((commerce) => {
    const where = commerce.config.databaseUrl ? 'PostgreSQL' : `PGlite in ${commerce.config.dataDir}`;
    process.stdout.write(`Commerce API at ${commerce.baseUrl} (project ${commerce.config.projectKey}, ${where})\n`);
    // SIGTERM (a deploy, a scale-in): stop taking requests, finish those in flight, then exit 0.
    const shutdown = (signal: 'SIGTERM' | 'SIGINT') => () =>
      void commerce.shutdown(signal).then(
        () => process.exit(0),
        (error: Error) => {
          process.stderr.write(`Commerce service did not stop cleanly: ${error.message}\n`);
          process.exit(1);
        },
      );
    process.once('SIGINT', shutdown('SIGINT'));
    process.once('SIGTERM', shutdown('SIGTERM'));
  })
  .catch((error: Error) => {
    process.stderr.write(`Commerce service failed to start: ${error.message}\n`);
    process.exit(1);
  });
