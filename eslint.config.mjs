import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier/flat';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import shop from './tools/lint-rules/index.js';

const root = import.meta.dirname;

/**
 * Module boundaries (CONVENTIONS): remotes and the shell use shared libs only, never each
 * other; server code never reaches into front-end apps; shared libs depend on shared libs.
 */
export const depConstraints = [
  { sourceTag: 'type:remote', onlyDependOnLibsWithTags: ['scope:shared'] },
  { sourceTag: 'scope:shell', onlyDependOnLibsWithTags: ['scope:shared'] },
  { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
  { sourceTag: 'scope:server', onlyDependOnLibsWithTags: ['scope:shared', 'scope:server'] },
  { sourceTag: 'scope:tooling', onlyDependOnLibsWithTags: ['scope:shared', 'scope:server'] },
  { sourceTag: 'type:app', notDependOnLibsWithTags: ['type:app'] },
];

/** Imports every package may not use; browser projects add their own on top (a later block replaces the list). */
const restrictedPaths = [
  {
    name: 'react-redux',
    importNames: ['useDispatch', 'useSelector'],
    message: 'Use useAppDispatch / useAppSelector from @shop/platform.',
  },
];
const restrictedPatterns = [
  { group: ['@shop/*/src', '@shop/*/src/*'], message: 'Import a package through its public entry only.' },
  {
    group: ['@shop/mfe-*', '@shop/shell', '@shop/shell/*', '@shop/api-gateway', '@shop/api-gateway/*'],
    message: 'Apps never import each other: remotes meet only through the shell, the platform lib and events.',
  },
  { group: ['**/mfe-*/**', '../../mfe-*', '**/shell/src/**'], message: 'Apps never import each other.' },
];

/** Code that runs in the shopper's browser: the shell, the remotes and the libraries they share. */
const browserProjects = [
  'shell',
  'mfe-catalog',
  'mfe-cart-checkout',
  'mfe-account',
  'mfe-content',
  'mfe-admin',
  'libs/platform',
  'libs/ui',
];
const BROWSER_CONTRACTS =
  'Browser code imports @shop/contracts/browser only: the other entries carry zod and server-side rules.';

/**
 * Front-end apps are cut into feature folders (CONVENTIONS): a feature uses its own files, the app's
 * src/components and src/lib, and libraries, never another feature's internals; src/components and
 * src/lib are shared, so they do not reach back into features or the app's bootstrap. Zones are
 * worked out from the folders on disk, so a new feature is covered without touching this file.
 */
const frontEndApps = ['shell', ...browserProjects.filter((project) => project.startsWith('mfe-'))];
function featureZones(app) {
  const src = join(root, app, 'src');
  const featuresDir = join(src, 'features');
  const features = existsSync(featuresDir)
    ? readdirSync(featuresDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];
  const crossFeature = features.map((feature) => ({
    target: join(featuresDir, feature),
    from: featuresDir,
    except: [`./${feature}`],
    message: `Feature "${feature}" reaches into another feature of ${app}: move what they share to ${app}/src/components, ${app}/src/lib or a library.`,
  }));
  const shared = ['components', 'lib'].map((folder) => ({
    target: join(src, folder),
    from: [featuresDir, join(src, 'app')],
    message: `${app}/src/${folder} is shared by the features, so it does not import from them or from src/app.`,
  }));
  return [...crossFeature, ...shared];
}

/** A remote's RTK Query endpoints start with its Module Federation name (mfe-cart-checkout: cartCheckout). */
const remotePrefix = (app) => app.replace(/^mfe-/, '').replace(/-([a-z])/g, (_match, letter) => letter.toUpperCase());

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.nx/**',
      'var/**',
      '.cache/**',
      '**/*.cjs',
      '**/webpack.config.js',
      '**/test/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { '@nx': nx, 'react-hooks': reactHooks, 'import-x': importX, shop },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: {
      // Workspace packages resolve through their node_modules links to the TypeScript sources their
      // package.json `exports` name (there are no tsconfig paths), so Node resolution with the
      // TypeScript extensions finds every file; links resolve to the real path, so a cycle that
      // crosses packages is seen as one.
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json', '.node'] }),
      ],
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
    },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        { enforceBuildableLibDependency: false, allow: [], banTransitiveDependencies: false, depConstraints },
      ],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { paths: restrictedPaths, patterns: restrictedPatterns }],
    },
  },
  {
    // Runtime cycles only: `import type` is erased at build time, so the rule follows value imports.
    // Third-party packages cannot import ours, so they are not walked (that also keeps lint fast).
    files: ['**/*.{ts,tsx,mts,cts}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: browserProjects.map((project) => `${project}/**/*.{ts,tsx,js,mjs}`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...restrictedPaths, { name: '@shop/contracts', message: BROWSER_CONTRACTS }],
          patterns: [
            ...restrictedPatterns,
            { group: ['@shop/contracts/*', '!@shop/contracts/browser'], message: BROWSER_CONTRACTS },
          ],
        },
      ],
    },
  },
  ...frontEndApps.map((app) => ({
    files: [`${app}/src/**/*.{ts,tsx,js,mjs}`],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: featureZones(app) }],
      ...(app.startsWith('mfe-') ? { 'shop/endpoint-prefix': ['error', { prefix: remotePrefix(app) }] } : {}),
    },
  })),
  // Last, so no formatting rule from the configs above argues with Prettier.
  prettier,
);
