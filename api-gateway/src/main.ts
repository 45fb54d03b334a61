import { BRAND_IDS } from '@shop/contracts';
import { start } from './server';

start()
  .then((gateway) => {
    const { port } = gateway;
    const lines = [
      `Gateway listening (${gateway.config.environment}; ready once /readyz answers 200):`,
      `  http://localhost:${port}  (${gateway.config.defaultBrand}, the default brand)`,
      ...BRAND_IDS.map((id) => `  http://${id}.localhost:${port}`),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    // SIGTERM (a deploy, a scale-in): stop taking requests, finish those in flight, then exit 0.
    const shutdown = (signal: 'SIGTERM' | 'SIGINT') => () =>
      void gateway.shutdown(signal).then(
        () => process.exit(0),
        (error: Error) => {
          process.stderr.write(`Gateway did not stop cleanly: ${error.message}\n`);
          process.exit(1);
        },
      );
    process.once('SIGINT', shutdown('SIGINT'));
    process.once('SIGTERM', shutdown('SIGTERM'));
  })
  .catch((error: Error) => {
    process.stderr.write(`Gateway failed to start: ${error.message}\n`);
    process.exit(1);
  });
