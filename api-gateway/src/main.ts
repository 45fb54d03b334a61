import { BRAND_IDS } from '@shop/contracts';
import { start } from './server';

start()
  .then((gateway) => {
    const { port } = gateway;
    const lines = [
      `Shop is running (${gateway.config.environment}):`,
      `  http://localhost:${port}  (${gateway.config.defaultBrand}, the default brand)`,
      ...BRAND_IDS.map((id) => `  http://${id}.localhost:${port}`),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    const shutdown = () => void gateway.stop().then(() => process.exit(0));
    process.once('SIGINT', shutdown);
    process.once('SIGTERM', shutdown);
  })
  .catch((error: Error) => {
    process.stderr.write(`Gateway failed to start: ${error.message}\n`);
    process.exit(1);
  });
