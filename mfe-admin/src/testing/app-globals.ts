// Set by webpack's DefinePlugin in a build; imported before any module of the app reads them.
Object.assign(globalThis, { __APP_NAME__: 'admin', __APP_VERSION__: 'test' });
