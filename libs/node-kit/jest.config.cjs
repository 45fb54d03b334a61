const base = require('../../jest.preset.cjs').node(__dirname);

// scrypt at OWASP cost takes a fraction of a second per hash, far more on a busy CI machine.
module.exports = { ...base, testTimeout: 30_000 };
