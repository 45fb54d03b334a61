const base = require('../jest.preset.cjs').node(__dirname);

module.exports = { ...base, testMatch: ['<rootDir>/src/**/*.e2e.ts'], testTimeout: 90_000, maxWorkers: 1 };
