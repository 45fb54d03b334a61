const { createFederatedConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createFederatedConfig({
  name: 'cartCheckout',
  dirname: __dirname,
  kind: 'remote',
  devPort: 4202,
  exposes: {
    './pages': './src/app/pages.tsx',
    './MiniCart': './src/features/mini-cart/components/mini-cart.tsx',
    './PreviousBagOffer': './src/features/previous-bag/components/previous-bag-offer.tsx',
  },
});
