const base = require('../jest.preset.cjs').node(__dirname);
const swc = base.transform['^.+\\.(t|j)sx?$'];

module.exports = {
  ...base,
  testMatch: ['<rootDir>/src/**/*.e2e.ts'],
  testTimeout: 90_000,
  maxWorkers: 1,
  // Commerce seeded and the vendor services migrated once; each test file's shop starts from a copy.
  globalSetup: '<rootDir>/src/support/global-setup.ts',
  globalTeardown: '<rootDir>/src/support/global-teardown.ts',
  // otplib's base32 and hash libraries ship as ES modules only.
  transform: { ...base.transform, '^.+\\.mjs$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(@otplib|@noble/hashes|@scure/base)/)'],
};
