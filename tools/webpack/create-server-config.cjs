// The server build beside an app's browser build (ADR 0017): CommonJS for Node, in `server/` of
// the same versioned output folder, so a release or a rollback names both at once.
const path = require('node:path');
const webpack = require('webpack');

/** TypeScript and JSX through swc, for the browser and the server builds alike. */
const typescriptRule = (development) => ({
  test: /\.[jt]sx?$/,
  exclude: /node_modules/,
  use: {
    loader: 'swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development } },
        target: 'es2022',
      },
    },
  },
});

/**
 * @param {object} options
 * @param {string} options.name        the app's federation name
 * @param {string} options.dirname     the app's folder
 * @param {string} options.outputPath  the browser build's output folder
 * @param {Record<string,string>} options.entries  output name -> source file
 * @param {string[] | undefined} options.external  module names the renderer provides at run time
 *   (a remote's shared singletons); undefined bundles everything (the renderer itself)
 * @param {string} options.version
 * @param {'production'|'development'} options.mode
 * @param {object} options.resolve
 */
function createServerConfig({ name, dirname, outputPath, entries, external, version, mode, resolve }) {
  const externalSet = new Set(external ?? []);
  return {
    name: `${name}-server`,
    mode,
    target: 'node20',
    context: dirname,
    entry: entries,
    devtool: 'source-map',
    output: {
      path: path.join(outputPath, 'server'),
      filename: '[name].js',
      library: { type: 'commonjs2' },
      clean: true,
    },
    externals: external
      ? [({ request }, callback) => (externalSet.has(request) ? callback(null, `commonjs ${request}`) : callback())]
      : [],
    resolve,
    module: {
      rules: [typescriptRule(false), { test: /\.css$/, use: path.join(__dirname, 'empty-loader.cjs') }],
    },
    plugins: [
      new webpack.DefinePlugin({ __APP_NAME__: JSON.stringify(name), __APP_VERSION__: JSON.stringify(version) }),
      // One file per entry: lazy pages resolve inside it, so loading a version is one file read.
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    // Readable stack traces in the renderer's log; the size of server code costs no shopper anything.
    optimization: { minimize: false, moduleIds: 'named' },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

module.exports = { createServerConfig, typescriptRule };
