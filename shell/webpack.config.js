const { createFederatedConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createFederatedConfig({ name: 'shell', dirname: __dirname, kind: 'host', devPort: 4200 });
