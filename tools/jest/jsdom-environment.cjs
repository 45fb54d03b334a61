// jsdom lacks fetch, Request, Response, Headers, TextEncoder/Decoder and structuredClone,
// which react-router and RTK Query need; copy Node's own into the test window.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithNodeGlobals extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const names = [
      'fetch',
      'Request',
      'Response',
      'Headers',
      'TextEncoder',
      'TextDecoder',
      'structuredClone',
      'ReadableStream',
      'AbortController',
      'AbortSignal',
    ];
    for (const name of names) {
      if (typeof globalThis[name] !== 'undefined') this.global[name] = globalThis[name];
    }
    // In a browser, new Request('/api/x') resolves against the page; Node's needs an absolute URL.
    const NodeRequest = globalThis.Request;
    const page = this.global;
    this.global.Request = class extends NodeRequest {
      constructor(input, init) {
        super(typeof input === 'string' ? new URL(input, page.location.href).toString() : input, init);
      }
    };
    if (!this.global.crypto?.randomUUID) {
      Object.defineProperty(this.global, 'crypto', { value: require('node:crypto').webcrypto, configurable: true });
    }
  }
}

module.exports = JsdomWithNodeGlobals;
