const base = require('../jest.preset.cjs').node(__dirname);
const swc = base.transform['^.+\\.(t|j)sx?$'];

module.exports = {
  ...base,
  testMatch: ['<rootDir>/src/**/*.e2e.ts'],
  testTimeout: 90_000,
  maxWorkers: 1,
  // otplib's base32 and hash libraries ship as ES modules only.
  transform: { ...base.transform, '^.+\\.mjs$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(@otplib|@noble/hashes|@scure/base)/)'],
};
