// The shop as one bundle, without Module Federation: the shell's own production browser build
// with the remotes' exposed modules compiled in where the federation runtime would load them.
// It exists to be measured beside the federated build (`npm run bench -- lighthouse`), which
// prints the ratio of the two: the price of run-time composition. It is never deployed.
//
//   webpack --config tools/webpack/single-bundle.config.cjs   ->   dist/single-bundle/
const fs = require('node:fs');
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

const { REMOTE_APPS } = require('./create-config.cjs');

const root = path.join(__dirname, '..', '..');
const outputPath = path.join(root, 'dist', 'single-bundle');

/** Each remote's federation facts (name, folder, exposes), from its own webpack config. */
const remotes = () => REMOTE_APPS.map((app) => require(path.join(root, app, 'webpack.config.js')).federation);

/**
 * The module that replaces shell/src/lib/remote-loader/federation.ts: the same two calls, with a
 * dynamic import of each exposed module's source in place of the runtime's remote loading.
 */
function writeStaticFederation(file) {
  const table = remotes()
    .flatMap(({ name, dirname, exposes }) =>
      Object.entries(exposes).map(
        ([key, source]) =>
          `  ${JSON.stringify(`${name}/${key.replace(/^\.\//, '')}`)}: () => import(${JSON.stringify(path.join(dirname, source))}),`,
      ),
    )
    .join('\n');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    `const exposed = {\n${table}\n};\n` +
      'export const registerManifests = () => undefined;\n' +
      // The page lists the federated build's files for the shell to preload: none of them is this bundle's.
      'export const preloadPageScripts = () => undefined;\n' +
      'export const loadExposed = (id) => (exposed[id] ? exposed[id]() : Promise.resolve(null));\n',
  );
}

module.exports = (env = {}, argv = {}) => {
  const shell = require(path.join(root, 'shell', 'webpack.config.js'));
  const built = shell(env, { ...argv, mode: 'production' });
  const browser = Array.isArray(built) ? built[0] : built;
  const generated = path.join(root, '.cache', 'single-bundle', 'federation.js');
  writeStaticFederation(generated);
  // Each app's code names itself (__APP_NAME__, __APP_VERSION__, e.g. in data-remote attributes
  // that the server render also writes): the shell's DefinePlugin stays for the shell, and the
  // remotes' sources get their own values before compilation.
  const perApp = remotes().map(({ name, dirname }) => ({
    dirname: `${dirname}${path.sep}`,
    name,
    version: require(path.join(dirname, 'package.json')).version,
  }));
  return {
    ...browser,
    name: 'single-bundle',
    output: { ...browser.output, path: outputPath, clean: true, uniqueName: 'singleBundle' },
    module: {
      ...browser.module,
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          enforce: 'pre',
          use: [{ loader: path.join(__dirname, 'app-name-loader.cjs'), options: { apps: perApp } }],
        },
        ...browser.module.rules,
      ],
    },
    plugins: [
      ...browser.plugins.filter((plugin) => !(plugin instanceof ModuleFederationPlugin)),
      new (require('webpack').NormalModuleReplacementPlugin)(/remote-loader[\\/]federation(\.ts)?$/, generated),
    ],
  };
};
