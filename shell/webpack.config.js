const { createFederatedConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createFederatedConfig({
  name: 'shell',
  dirname: __dirname,
  kind: 'host',
  devPort: 4200,
  // The page renderer (ADR 0017): dist/server/renderer.js, run by `npm start` beside the gateway.
  serverEntries: { renderer: './src/server/main.ts' },
});
