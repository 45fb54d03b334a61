const base = require('../jest.preset.cjs').node(__dirname);

// Some suites drive the real commerce service (scrypt at OWASP cost): allow for a busy machine.
module.exports = { ...base, testTimeout: 30_000 };
