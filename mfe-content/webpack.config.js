const { createFederatedConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createFederatedConfig({
  name: 'content',
  dirname: __dirname,
  kind: 'remote',
  devPort: 4204,
  exposes: {
    './pages': './src/app/pages.tsx',
    './EmailSignupForm': './src/features/email-signup/components/email-signup-form.tsx',
    './EmailSignupPrompt': './src/features/email-signup/components/email-signup-prompt.tsx',
  },
});
