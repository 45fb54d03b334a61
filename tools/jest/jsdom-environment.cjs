// jsdom lacks fetch, Request, Response, Headers, TextEncoder/Decoder and structuredClone,
// which react-router and RTK Query need; copy Node's own into the test window.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithNodeGlobals extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const names = ['fetch', 'Request', 'Response', 'Headers', 'TextEncoder', 'TextDecoder', 'structuredClone', 'ReadableStream', 'AbortController', 'AbortSignal'];
    for (const name of names) {
      if (typeof globalThis[name] !== 'undefined') this.global[name] = globalThis[name];
    }
    if (!this.global.crypto?.randomUUID) {
      Object.defineProperty(this.global, 'crypto', { value: require('node:crypto').webcrypto, configurable: true });
    }
  }
}

module.exports = JsdomWithNodeGlobals;
