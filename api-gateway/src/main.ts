import { BRAND_IDS } from '@shop/contracts';
import { exitOnSignals } from '@shop/node-kit';
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
    exitOnSignals('Gateway', gateway.shutdown);
  })
  .catch((error: Error) => {
    process.stderr.write(`Gateway failed to start: ${error.message}\n`);
    process.exit(1);
  });
