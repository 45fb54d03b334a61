const { createFederatedConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createFederatedConfig({
  name: 'catalog',
  dirname: __dirname,
  kind: 'remote',
  devPort: 4201,
  exposes: {
    './pages': './src/app/pages.tsx',
    './QuickSearch': './src/features/quick-search/components/quick-search.tsx',
  },
});
