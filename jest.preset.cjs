// Shared Jest setup: @swc/jest for TypeScript/TSX, caches inside the repo, and a jsdom
// environment that carries Node's fetch/TextEncoder globals for browser-side code.
const path = require('node:path');

const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};

const common = (rootDir) => ({
  rootDir,
  transform,
  cacheDirectory: path.join(__dirname, '.cache', 'jest'),
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}', '<rootDir>/test/**/*.test.{ts,tsx}'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  // jose is ESM-only: compile it like our own sources.
  transformIgnorePatterns: ['/node_modules/(?!jose/)'],
  // Failing tests are also kept in .cache/test-failures, which `npm test` prints at its end.
  reporters: ['default', path.join(__dirname, 'tools', 'jest', 'failure-log-reporter.cjs')],
});

module.exports = {
  node: (rootDir) => ({ ...common(rootDir), testEnvironment: 'node' }),
  browser: (rootDir) => ({
    ...common(rootDir),
    testEnvironment: path.join(__dirname, 'tools', 'jest', 'jsdom-environment.cjs'),
    // Components import their own CSS (libs/ui ships its styles that way); tests do not need it.
    moduleNameMapper: { '\\.css$': path.join(__dirname, 'tools', 'jest', 'style-stub.cjs') },
    setupFilesAfterEnv: [path.join(__dirname, 'tools', 'jest', 'testing-library-setup.cjs')],
  }),
};
