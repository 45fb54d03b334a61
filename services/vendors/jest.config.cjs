const base = require('../../jest.preset.cjs').node(__dirname);

// The CRM suites start real servers on real databases: one file at a time, generous timeouts.
module.exports = { ...base, testTimeout: 60_000 };
