import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.nx/**', 'var/**', '.cache/**', '**/*.cjs', '**/webpack.config.js', '**/test/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { '@nx': nx, 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        { enforceBuildableLibDependency: false, allow: [], banTransitiveDependencies: false, depConstraints },
      ],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-redux',
              importNames: ['useDispatch', 'useSelector'],
              message: 'Use useAppDispatch / useAppSelector from @shop/platform.',
            },
          ],
          patterns: [
            { group: ['@shop/*/src', '@shop/*/src/*'], message: 'Import a package through its public entry only.' },
            {
              group: ['@shop/mfe-*', '@shop/shell', '@shop/shell/*', '@shop/api-gateway', '@shop/api-gateway/*'],
              message: 'Apps never import each other: remotes meet only through the shell, the platform lib and events.',
            },
            { group: ['**/mfe-*/**', '../../mfe-*', '**/shell/src/**'], message: 'Apps never import each other.' },
          ],
        },
      ],
    },
  },
);
