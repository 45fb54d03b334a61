module.exports = require('../jest.preset.cjs').browser(__dirname);
