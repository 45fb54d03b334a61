const { createFederatedConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createFederatedConfig({
  name: 'admin',
  dirname: __dirname,
  kind: 'remote',
  devPort: 4205,
  // Staff pages render in the browser only (client-only routes): no server build.
  clientOnly: true,
  exposes: { './pages': './src/app/pages.tsx' },
});
