const { createFederatedConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createFederatedConfig({
  name: 'account',
  dirname: __dirname,
  kind: 'remote',
  devPort: 4203,
  exposes: { './pages': './src/app/pages.tsx' },
});
