// One webpack + Module Federation setup for the shell and every remote, so the shared
// singletons and the share strategy can never drift between apps.
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

const rootPkg = require('../../package.json');
const platformPkg = require('../../libs/platform/package.json');
const uiPkg = require('../../libs/ui/package.json');

/** The only modules shared across apps (ARCHITECTURE: share as little as possible). */
function sharedSingletons() {
  const deps = rootPkg.dependencies;
  const single = (version) => ({ singleton: true, requiredVersion: version, strictVersion: false });
  return {
    react: single(deps.react),
    'react/jsx-runtime': single(deps.react),
    'react-dom': single(deps['react-dom']),
    'react-dom/client': single(deps['react-dom']),
    'react-router': single(deps['react-router']),
    'react-router-dom': single(deps['react-router-dom']),
    'react-redux': single(deps['react-redux']),
    '@reduxjs/toolkit': single(deps['@reduxjs/toolkit']),
    '@reduxjs/toolkit/query': single(deps['@reduxjs/toolkit']),
    '@reduxjs/toolkit/query/react': single(deps['@reduxjs/toolkit']),
    '@shop/platform': single(platformPkg.version),
    // The design system carries the CSS its components import: one copy on the page, so its
    // styles are injected once and never re-applied over a remote's own rules by a later remote.
    '@shop/ui': single(uiPkg.version),
  };
}

/** Writes build-info.json ({name, version}) so publishing can name the immutable version folder. */
class BuildInfoPlugin {
  constructor(info) {
    this.info = info;
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('BuildInfoPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'BuildInfoPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => compilation.emitAsset('build-info.json', new webpack.sources.RawSource(JSON.stringify(this.info))),
      );
    });
  }
}

/**
 * @param {object} options
 * @param {string} options.name        Module Federation name (shell, catalog, cartCheckout, ...)
 * @param {string} options.dirname     the app's folder
 * @param {'host'|'remote'} options.kind
 * @param {Record<string,string>} [options.exposes]
 * @param {number} options.devPort
 */
const isHostKind = (kind) => kind === 'host';

function createFederatedConfig({ name, dirname, kind, exposes = {}, devPort }) {
  return (env = {}, argv = {}) => {
    const mode = argv.mode === 'development' ? 'development' : 'production';
    const serving = Boolean(env.WEBPACK_SERVE);
    // `--env STANDALONE`: a remote built to run on its own page (its own federation runtime and an
    // index.html), as its dev server serves it; production builds for the shell never are.
    const standalone = !isHostKind(kind) && (serving || Boolean(env.STANDALONE));
    const appPkg = require(path.join(dirname, 'package.json'));
    const version = process.env.REMOTE_VERSION || appPkg.version;
    if (!/^[0-9A-Za-z.-]{1,60}$/.test(version)) throw new Error(`REMOTE_VERSION "${version}" is not a valid version`);
    const isHost = kind === 'host';
    const devOrigin = `http://localhost:${devPort}`;

    return {
      name,
      mode,
      context: dirname,
      entry: { main: './src/main.ts' },
      // No eval-based source maps: the gateway's CSP forbids eval in development too.
      devtool: mode === 'production' ? 'source-map' : 'cheap-module-source-map',
      output: {
        // DIST_DIR lets a release job (or a test) build a second version beside the first.
        path: process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(dirname, 'dist'),
        // The shell's files live under /shell/ on the gateway; a remote's files are found
        // relative to wherever its versioned folder is served from.
        publicPath: isHost ? (serving ? `${devOrigin}/shell/` : '/shell/') : 'auto',
        filename: mode === 'production' ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: mode === 'production' ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: name,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js'] },
      module: {
        rules: [
          {
            test: /\.[jt]sx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: mode === 'development' } },
                  target: 'es2022',
                },
              },
            },
          },
          { test: /\.css$/, use: ['style-loader', 'css-loader'] },
        ],
      },
      plugins: [
        new webpack.DefinePlugin({
          __APP_NAME__: JSON.stringify(name),
          __APP_VERSION__: JSON.stringify(version),
        }),
        new ModuleFederationPlugin({
          name,
          ...(isHost ? { remotes: {} } : { filename: 'remoteEntry.js', exposes }),
          shared: sharedSingletons(),
          shareStrategy: 'loaded-first',
          manifest: !isHost,
          dts: false,
          // The shell provides the federation runtime once; production remotes use it instead
          // of carrying their own copy (~90 KB each). A remote run on its own (dev server or
          // STANDALONE build) keeps its own.
          experiments: isHost ? { provideExternalRuntime: true } : { externalRuntime: !standalone },
        }),
        ...(isHost ? [] : [new BuildInfoPlugin({ name, version })]),
        ...(isHost || standalone
          ? [
              new HtmlWebpackPlugin({
                // A remote served on its own uses a bare page; the shell's page has the gateway's slots.
                template: isHost ? path.join(dirname, 'src', 'index.html') : path.join(__dirname, 'standalone.html'),
                // A standalone remote's pages live at any path (/p/...); its scripts at the root.
                ...(isHost ? {} : { publicPath: '/' }),
                scriptLoading: 'defer',
                // The gateway fills the <!--shop:*--> placeholders per brand; keep them.
                minify: false,
                inject: 'body',
              }),
            ]
          : []),
      ],
      performance: { hints: false },
      optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic' },
      devServer: {
        port: devPort,
        hot: true,
        // Pages come from {brand}.localhost:8080 and load from these dev servers.
        allowedHosts: 'all',
        headers: { 'Access-Control-Allow-Origin': '*' },
        historyApiFallback: isHost ? { index: '/shell/index.html' } : true,
        devMiddleware: isHost ? { publicPath: '/shell/' } : {},
        client: { overlay: { runtimeErrors: false }, webSocketURL: `ws://localhost:${devPort}/ws` },
        proxy: isHost ? [] : [{ context: ['/api'], target: 'http://localhost:8080' }],
      },
      stats: 'errors-warnings',
    };
  };
}

module.exports = { createFederatedConfig, sharedSingletons };
