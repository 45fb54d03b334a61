import { spawnSync } from 'node:child_process';
import { RuleTester } from 'eslint';
import { endpointPrefix } from '../lint-rules/endpoint-prefix.js';
import { type LintMessage, lintSources, root } from './lint-as';

/** An RTK Query injection as a remote writes one, with the given endpoint names. */
const injection = (...names: string[]) =>
  [
    "import { api } from '@shop/platform';",
    'export const things = api.injectEndpoints({',
    '  endpoints: (build) => ({',
    ...names.map((name) => `    ${name}: build.query<string, void>({ query: () => '/things' }),`),
    '  }),',
    '});',
    '',
  ].join('\n');

const lines = (...source: string[]) => [...source, ''].join('\n');

const cycleFile = 'tools/test/lint-fixtures/cycle/a.ts';
const browserFiles = [
  'shell/src/fixture.ts',
  'mfe-content/src/fixture.ts',
  'libs/platform/src/fixture.ts',
  'libs/ui/src/fixture.tsx',
];
const unprefixed: Array<[file: string, name: string, suggestion: string]> = [
  ['mfe-catalog/src/lib/fixture.ts', 'getThings', 'catalogGetThings'],
  ['mfe-catalog/src/lib/fixture.ts', 'catalogueThings', 'catalogCatalogueThings'],
  ['mfe-content/src/lib/fixture.ts', 'catalogGetThings', 'contentCatalogGetThings'],
  ['mfe-cart-checkout/src/features/cart/fixture.ts', 'cartGetCart', 'cartCheckoutCartGetCart'],
  ['mfe-account/src/features/account/fixture.ts', 'getProfile', 'accountGetProfile'],
];
const prefixed: Array<[file: string, name: string]> = [
  ['mfe-catalog/src/lib/fixture.ts', 'catalogGetThings'],
  ['mfe-content/src/lib/fixture.ts', 'contentGetThings'],
  ['mfe-cart-checkout/src/features/cart/fixture.ts', 'cartCheckoutGetCart'],
  ['mfe-account/src/features/account/fixture.ts', 'accountGetProfile'],
];

/** Every source the tests below look at, linted in one ESLint process (loading the config is the slow part). */
const sources = {
  cycle: { file: cycleFile, code: lines("import { b } from './b';", '', 'export const a = b;') },
  // The package entry re-exports brand.ts, so brand.ts importing the entry closes a loop.
  cycleThroughPackage: {
    file: 'libs/contracts/src/brand.ts',
    code: lines("import { navContentSchema } from '@shop/contracts';", '', 'export const nav = navContentSchema;'),
  },
  noCycle: { file: cycleFile, code: lines("export const a = 'a';") },
  typeOnlyCycle: {
    file: cycleFile,
    code: lines("import type { b } from './b';", '', 'export const a: ReturnType<typeof b> | undefined = undefined;'),
  },
  crossFeatureRemote: {
    file: 'mfe-catalog/src/features/product/components/fixture.tsx',
    code: lines("import { parseListing } from '../../listing/listing-url';", '', 'export const parse = parseListing;'),
  },
  crossFeatureShell: {
    file: 'shell/src/features/chrome/fixture.tsx',
    code: lines("import { Modal } from '../popups/modal';", '', 'export const M = Modal;'),
  },
  sharedImportsFeature: {
    file: 'mfe-content/src/lib/fixture.ts',
    code: lines("import { groupHours } from '../features/stores/store-hours';", '', 'export const hours = groupHours;'),
  },
  featureUsesShared: {
    file: 'mfe-catalog/src/features/product/components/fixture.tsx',
    code: lines(
      "import { useBrand } from '@shop/platform';",
      "import { PriceTag } from '../../../components/price-tag';",
      "import { catalogApi } from '../../../lib/catalog-api';",
      "import { variantFor } from '../variant-choice';",
      'export const used = [useBrand, PriceTag, catalogApi, variantFor];',
    ),
  },
  ...Object.fromEntries(
    browserFiles.flatMap((file) => [
      [
        `contractsRoot ${file}`,
        {
          file,
          code: lines("import { brandIdSchema } from '@shop/contracts';", '', 'export const ids = brandIdSchema;'),
        },
      ],
      [
        `contractsRootTypes ${file}`,
        { file, code: lines("import type { BrandId } from '@shop/contracts';", '', 'export type Id = BrandId;') },
      ],
      [`contractsOther ${file}`, { file, code: lines("import '@shop/contracts/other';") }],
    ]),
  ),
  contractsBrowser: {
    file: 'mfe-catalog/src/fixture.ts',
    code: lines("import { SORTS } from '@shop/contracts/browser';", '', 'export const sorts = SORTS;'),
  },
  contractsOnServer: {
    file: 'api-gateway/src/fixture.ts',
    code: lines("import { brandIdSchema } from '@shop/contracts';", '', 'export const ids = brandIdSchema;'),
  },
  ...Object.fromEntries(
    unprefixed.map(([file, name]) => [`endpoint ${file} ${name}`, { file, code: injection(name) }]),
  ),
  ...Object.fromEntries(prefixed.map(([file, name]) => [`endpoint ${file} ${name}`, { file, code: injection(name) }])),
} satisfies Record<string, { file: string; code: string }>;

describe('lint rules of the conventions', () => {
  jest.setTimeout(120_000);
  let results: Record<string, LintMessage[]>;
  const messagesOf = (name: string, ruleId?: string) => {
    const messages = results[name];
    if (!messages) throw new Error(`no source named ${name}`);
    return ruleId ? messages.filter((message) => message.ruleId === ruleId) : messages;
  };

  beforeAll(() => {
    results = lintSources(sources);
  });

  describe('import-x/no-cycle', () => {
    it('reports a module that imports a module which imports it back', () => {
      expect(messagesOf('cycle', 'import-x/no-cycle')).toEqual([
        expect.objectContaining({ message: 'Dependency cycle detected' }),
      ]);
    });

    it('reports a cycle that runs through a workspace package', () => {
      expect(messagesOf('cycleThroughPackage', 'import-x/no-cycle')).toHaveLength(1);
    });

    it('accepts the same module without the import back, and a type-only one (erased at build time)', () => {
      expect(messagesOf('noCycle', 'import-x/no-cycle')).toEqual([]);
      expect(messagesOf('typeOnlyCycle', 'import-x/no-cycle')).toEqual([]);
    });
  });

  describe('feature zones (import-x/no-restricted-paths)', () => {
    it("reports a feature importing another feature's internals, in a remote and in the shell", () => {
      expect(messagesOf('crossFeatureRemote', 'import-x/no-restricted-paths')).toEqual([
        expect.objectContaining({
          message: expect.stringMatching(/Feature "product" reaches into another feature of mfe-catalog/),
        }),
      ]);
      expect(messagesOf('crossFeatureShell', 'import-x/no-restricted-paths')).toEqual([
        expect.objectContaining({
          message: expect.stringMatching(/Feature "chrome" reaches into another feature of shell/),
        }),
      ]);
    });

    it('reports shared src/lib or src/components code importing a feature', () => {
      expect(messagesOf('sharedImportsFeature', 'import-x/no-restricted-paths')).toEqual([
        expect.objectContaining({ message: expect.stringMatching(/mfe-content\/src\/lib is shared by the features/) }),
      ]);
    });

    it("accepts a feature using its own files, the app's components and lib, and libraries", () => {
      expect(messagesOf('featureUsesShared')).toEqual([]);
    });
  });

  describe('browser code imports only @shop/contracts/browser', () => {
    it.each(browserFiles)('reports the root entry (values or types) and other entries in %s', (file) => {
      const browserOnly = expect.objectContaining({
        message: expect.stringMatching(/imports @shop\/contracts\/browser only/),
      });
      expect(messagesOf(`contractsRoot ${file}`, 'no-restricted-imports')).toEqual([browserOnly]);
      expect(messagesOf(`contractsRootTypes ${file}`, 'no-restricted-imports')).toEqual([browserOnly]);
      expect(messagesOf(`contractsOther ${file}`, 'no-restricted-imports')).toEqual([browserOnly]);
    });

    it('accepts the browser entry in browser code, and the root entry on the server', () => {
      expect(messagesOf('contractsBrowser')).toEqual([]);
      expect(messagesOf('contractsOnServer', 'no-restricted-imports')).toEqual([]);
    });
  });

  describe("shop/endpoint-prefix: a remote's endpoints start with its name", () => {
    it.each(unprefixed)('reports %s injecting "%s"', (file, name, suggestion) => {
      expect(messagesOf(`endpoint ${file} ${name}`, 'shop/endpoint-prefix')).toEqual([
        expect.objectContaining({ message: expect.stringContaining(`name it "${suggestion}"`) }),
      ]);
    });

    it.each(prefixed)('accepts %s injecting "%s"', (file, name) => {
      expect(messagesOf(`endpoint ${file} ${name}`)).toEqual([]);
    });
  });

  it('leaves no test target passing when it finds no tests', () => {
    const flag = ['pass', 'With', 'No', 'Tests'].join('');
    const found = spawnSync('git', ['grep', '-n', '-i', flag, '--', '.', ':!tools/test/lint-rules.test.ts'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(found.status).toBe(1); // git grep: 1 = nothing found, 2 = it could not search
    expect(found.stdout).toBe('');
  });
});

describe('shop/endpoint-prefix on its own', () => {
  const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
  const options = [{ prefix: 'catalog' }];

  tester.run('endpoint-prefix', endpointPrefix, {
    valid: [
      { code: 'api.injectEndpoints({ endpoints: (build) => ({ catalogGetProducts: build.query({}) }) });', options },
      {
        code: 'api.injectEndpoints({ endpoints: (build) => { return { catalogSuggest: build.query({}) }; } });',
        options,
      },
      { code: "api.injectEndpoints({ endpoints: (build) => ({ 'catalog2': build.query({}) }) });", options },
      // enhanceEndpoints configures endpoints that exist already; only injection names them.
      { code: 'api.enhanceEndpoints({ endpoints: { getSession: {} } });', options },
    ],
    invalid: [
      {
        code: 'api.injectEndpoints({ endpoints: (build) => ({ getProducts: build.query({}), catalogGetProduct: build.query({}) }) });',
        options,
        errors: [
          {
            messageId: 'unprefixed',
            data: { name: 'getProducts', prefix: 'catalog', suggestion: 'catalogGetProducts' },
          },
        ],
      },
      {
        code: 'api.injectEndpoints({ endpoints: function (build) { return { catalog: build.query({}) }; } });',
        options,
        errors: [{ messageId: 'unprefixed' }],
      },
      {
        code: 'api.injectEndpoints({ endpoints: (build) => ({ [name]: build.query({}) }) });',
        options,
        errors: [{ messageId: 'dynamic' }],
      },
      {
        code: 'api.injectEndpoints({ endpoints: (build) => ({ ...shared(build) }) });',
        options,
        errors: [{ messageId: 'dynamic' }],
      },
      { code: 'api.injectEndpoints({ endpoints: buildEndpoints });', options, errors: [{ messageId: 'opaque' }] },
      { code: 'api.injectEndpoints(definitions);', options, errors: [{ messageId: 'opaque' }] },
    ],
  });
});
