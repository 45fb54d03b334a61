// One webpack + Module Federation setup for the shell and every remote, so the shared
// singletons and the share strategy can never drift between apps.
const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { createServerConfig, typescriptRule } = require('./create-server-config.cjs');

const rootPkg = require('../../package.json');
const platformPkg = require('../../libs/platform/package.json');
const uiPkg = require('../../libs/ui/package.json');

const root = path.join(__dirname, '..', '..');

/** The only modules shared across apps (ARCHITECTURE: share as little as possible). */
function sharedSingletons() {
  const deps = rootPkg.dependencies;
  const single = (version) => ({ singleton: true, requiredVersion: version, strictVersion: false });
  return {
    react: single(deps.react),
    'react/jsx-runtime': single(deps.react),
    'react-dom': single(deps['react-dom']),
    'react-dom/client': single(deps['react-dom']),
    // The router the apps share is the list of names they use (routerFacade), not the package.
    'react-router-dom': {
      ...single(deps['react-router-dom']),
      import: routerFacade(),
      version: deps['react-router-dom'].replace(/^[^0-9]*/, ''),
    },
    'react-redux': single(deps['react-redux']),
    '@reduxjs/toolkit': single(deps['@reduxjs/toolkit']),
    '@reduxjs/toolkit/query': single(deps['@reduxjs/toolkit']),
    '@reduxjs/toolkit/query/react': single(deps['@reduxjs/toolkit']),
    '@shop/platform': single(platformPkg.version),
    // The design system, one shared singleton per group (`@shop/ui/core`, `@shop/ui/fields`, ...):
    // each group and its CSS are on the page once, and only when a page renders something of it.
    // The `@shop/ui` barrel itself is not shared; it only re-exports the groups (ADR 0012).
    ...Object.fromEntries(uiSharedEntries().map((entry) => [entry, single(uiPkg.version)])),
  };
}

const ROUTER_FACADE = path.join(__dirname, 'shared', 'react-router-dom.mjs');
/** The remotes' folders (the shell composes them at run time; the single-bundle build compiles them in). */
const REMOTE_APPS = ['mfe-catalog', 'mfe-cart-checkout', 'mfe-account', 'mfe-content', 'mfe-admin'];
const APP_SOURCES = ['shell/src', ...REMOTE_APPS.map((app) => `${app}/src`), 'libs'];
let routerFacadeChecked = false;

/**
 * The shared router module, after checking (once per build process) that every name the apps'
 * browser code imports from react-router-dom is one it exports: a missing one would be undefined
 * at run time, and webpack cannot say so for a shared module.
 */
function routerFacade() {
  if (routerFacadeChecked) return ROUTER_FACADE;
  const exported = new Set(
    /export\s*\{([^}]*)\}/
      .exec(fs.readFileSync(ROUTER_FACADE, 'utf8'))[1]
      .split(',')
      .map((name) => name.trim()),
  );
  const missing = new Set();
  const visit = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!['node_modules', 'dist', 'server'].includes(entry.name)) visit(file);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const source = fs.readFileSync(file, 'utf8');
        for (const [, names] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'react-router-dom'/g)) {
          for (const raw of names.split(',')) {
            const name = raw.trim();
            if (!name || name.startsWith('type ')) continue;
            if (!exported.has(name.split(/\s+as\s+/)[0])) missing.add(`${name} (${path.relative(root, file)})`);
          }
        }
      }
    }
  };
  for (const dir of APP_SOURCES) visit(path.join(root, dir));
  if (missing.size) {
    throw new Error(`Add to ${path.relative(root, ROUTER_FACADE)} what the apps import: ${[...missing].join(', ')}`);
  }
  routerFacadeChecked = true;
  return ROUTER_FACADE;
}

const isPackageRoot = (dir, name) => {
  const file = path.join(dir, 'package.json');
  if (dir === path.dirname(dir)) throw new Error(`no package.json of ${name} above its entry`);
  return fs.existsSync(file) && JSON.parse(fs.readFileSync(file, 'utf8')).name === name;
};

/** The folder of package `name` as Node would find it from `from` (its package.json need not be exported). */
function packageDir(name, from) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return fs.realpathSync(candidate);
    if (dir === path.dirname(dir)) throw new Error(`${name} is not installed (looked from ${from})`);
  }
}

/**
 * Matches the modules of the shared third-party packages (react, react-dom, react-router,
 * react-redux, @reduxjs/toolkit) and of the packages they depend on, wherever npm put them.
 */
function sharedPackagesTest() {
  const dirs = new Set();
  const visit = (name, from) => {
    const dir = packageDir(name, from);
    if (dirs.has(dir)) return;
    dirs.add(dir);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    for (const dependency of Object.keys(manifest.dependencies ?? {})) visit(dependency, dir);
  };
  for (const name of ['react', 'react-dom', 'react-router', 'react-redux', '@reduxjs/toolkit']) visit(name, root);
  const prefixes = [...dirs].map((dir) => `${dir}${path.sep}`);
  // webpack names a module by its real path (resolve.symlinks), as these folders are.
  return (module) =>
    typeof module.resource === 'string' && prefixes.some((prefix) => module.resource.startsWith(prefix));
}

/** @shop/ui's shared groups: each subpath of its package.json "exports" but the standalone harness. */
function uiSharedEntries() {
  return Object.keys(uiPkg.exports)
    .filter((subpath) => subpath !== '.' && subpath !== './standalone')
    .map((subpath) => `@shop/ui/${subpath.slice(2)}`);
}

/**
 * The federation runtime ships as ESM and as CommonJS. The shell's runtime plugin that hands the
 * runtime to the remotes requires the CommonJS build while the bundler runtime imports the ESM
 * one, which put two copies of runtime-core and the sdk (~80 KB) in the shell's first load. These
 * aliases resolve both kinds of import to the ESM build: one copy, one runtime instance.
 */
function federationRuntimeAliases() {
  const esm = (pkg) => {
    let dir = path.dirname(require.resolve(pkg));
    while (!isPackageRoot(dir, pkg)) dir = path.dirname(dir);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    return path.join(dir, manifest.exports['.'].import.default);
  };
  return Object.fromEntries(
    ['@module-federation/runtime-core', '@module-federation/sdk', '@module-federation/error-codes'].map((pkg) => [
      `${pkg}$`,
      esm(pkg),
    ]),
  );
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
 * @param {Record<string,string>} [options.serverEntries]  the shell's server build (the renderer);
 *   a remote's server build has its exposes as entries
 * @param {boolean} [options.clientOnly]  a remote whose pages are never server-rendered (the admin's
 *   are client-only routes): it gets no server build
 */
const isHostKind = (kind) => kind === 'host';

function createFederatedConfig({ name, dirname, kind, exposes = {}, devPort, serverEntries, clientOnly = false }) {
  const config = (env = {}, argv = {}) => {
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
    const outputPath = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(dirname, 'dist');
    const resolve = { extensions: ['.tsx', '.ts', '.js'], alias: federationRuntimeAliases() };
    // Production builds for the shop also build the server side (ADR 0017); dev servers and
    // standalone builds are browser only.
    const server =
      mode === 'production' && !serving && !standalone && !clientOnly
        ? createServerConfig({
            name,
            dirname,
            outputPath,
            entries: isHost
              ? (serverEntries ?? {})
              : Object.fromEntries(Object.entries(exposes).map(([key, file]) => [key.replace(/^\.\//, ''), file])),
            external: isHost ? undefined : Object.keys(sharedSingletons()),
            version,
            mode,
            resolve,
          })
        : undefined;

    const browser = {
      name,
      mode,
      context: dirname,
      entry: { main: './src/main.ts' },
      // No eval-based source maps: the gateway's CSP forbids eval in development too.
      devtool: mode === 'production' ? 'source-map' : 'cheap-module-source-map',
      output: {
        // DIST_DIR lets a release job (or a test) build a second version beside the first.
        path: outputPath,
        // The shell's files live under /shell/ on the gateway; a remote's files are found
        // relative to wherever its versioned folder is served from.
        publicPath: isHost ? (serving ? `${devOrigin}/shell/` : '/shell/') : 'auto',
        filename: mode === 'production' ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: mode === 'production' ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: name,
        // The server build writes `server/` beside it.
        clean: { keep: /^server[\\/]/ },
      },
      resolve,
      module: {
        rules: [
          typescriptRule(mode === 'development'),
          // Production builds put CSS in .css files, loaded with the chunk that imports it (a
          // <link> per chunk, awaited before the chunk runs), so styles are not JavaScript; the
          // dev server injects them with style-loader for hot reloading.
          {
            test: /\.css$/,
            use: [mode === 'production' ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'],
          },
        ],
      },
      plugins: [
        ...(mode === 'production'
          ? [
              new MiniCssExtractPlugin({
                filename: '[name].[contenthash:8].css',
                chunkFilename: '[name].[contenthash:8].css',
              }),
            ]
          : []),
        new webpack.DefinePlugin({
          __APP_NAME__: JSON.stringify(name),
          __APP_VERSION__: JSON.stringify(version),
        }),
        new ModuleFederationPlugin({
          name,
          ...(isHost ? { remotes: {} } : { filename: 'remoteEntry.js', exposes }),
          shared: sharedSingletons(),
          shareStrategy: 'loaded-first',
          // The shell's manifest names the shared modules it provides: the gateway links a server-rendered
          // page's design-system styles from the shell for those and from the remote for the rest (ADR 0017).
          manifest: true,
          dts: false,
          // The shell provides the federation runtime once; production remotes use it instead
          // of carrying their own copy (~90 KB each). A remote run on its own (dev server or
          // STANDALONE build) keeps its own. These builds run in browsers only (the server
          // builds have their own config): the runtime's Node code is left out (~2 KB gzip).
          experiments: {
            ...(isHost ? { provideExternalRuntime: true } : { externalRuntime: !standalone }),
            optimization: { target: 'web' },
          },
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
      optimization: {
        moduleIds: 'deterministic',
        chunkIds: 'deterministic',
        splitChunks: {
          // Code that several chunks share gets a chunk of its own from 2 KB on; below webpack's
          // default of 20 KB it is copied into each of them, and a remote's exposed header pieces,
          // which load together on every page, then download it more than once.
          minSize: 2000,
          cacheGroups: {
            // A stylesheet that several chunks import (a remote's own CSS, imported by each of its
            // pages) becomes one file of its own. Left to the size rules it would be copied into
            // each chunk, and a page showing two of them would download and apply it twice.
            sharedStyles: { type: 'css/mini-extract', minChunks: 2, minSize: 0, priority: 10 },
            // The packages the shell provides to every app (react, react-dom, the router, Redux
            // Toolkit and what they import) hydrate every page together: one file rather than a
            // dozen, each of which costs a request and its headers on a phone's first visit.
            // A remote's copies stay one chunk per package: they are fallbacks, fetched only when
            // the shell's version does not satisfy.
            ...(isHost
              ? {
                  sharedPackages: {
                    test: sharedPackagesTest(),
                    name: 'shared-packages',
                    chunks: 'async',
                    priority: 5,
                    enforce: true,
                  },
                }
              : {}),
          },
        },
      },
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
    return server && Object.keys(server.entry).length > 0 ? [browser, server] : browser;
  };
  // What the app is to the federation, for builds that compose the apps another way (the
  // benchmarks' single bundle).
  return Object.assign(config, { federation: { name, kind, dirname, exposes } });
}

module.exports = { REMOTE_APPS, createFederatedConfig, sharedSingletons };
