const base = require('../jest.preset.cjs').node(__dirname);
const swc = base.transform['^.+\\.(t|j)sx?$'];

// Some suites drive the real commerce service (scrypt at OWASP cost): allow for a busy machine.
// d3-geo and its d3-array/internmap ship only ESM (.mjs), like jose, and so do otplib's hashing and
// base32 packages (@noble/hashes, @scure/base, some nested under @otplib): compile them like our sources.
module.exports = {
  ...base,
  testTimeout: 30_000,
  // Service databases made once per run and copied by each test file (test/support.ts).
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  transform: { ...base.transform, '^.+\\.mjs$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(jose|d3-geo|d3-array|internmap|@otplib|@noble/hashes|@scure/base)/)'],
};
