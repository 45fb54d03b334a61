import { lintAs } from './lint-as';

describe('module boundaries', () => {
  jest.setTimeout(60_000);

  it('rejects a remote importing another remote by package name', async () => {
    const messages = await lintAs('mfe-catalog/src/fixture.ts', "import '@shop/mfe-cart-checkout';\n");
    expect(messages.join('\n')).toMatch(/Apps never import each other/);
  });

  it('rejects a remote importing another remote by relative path', async () => {
    const messages = await lintAs('mfe-catalog/src/fixture.ts', "import '../../mfe-content/src/app/pages';\n");
    expect(messages.some((m) => m.startsWith('@nx/enforce-module-boundaries') || /Apps never import/.test(m))).toBe(
      true,
    );
  });

  it('rejects the shell importing server-side code', async () => {
    const messages = await lintAs(
      'shell/src/fixture.ts',
      "import { loadBrandCatalog } from '@shop/brands';\nexport const x = loadBrandCatalog;\n",
    );
    expect(messages.join('\n')).toMatch(/scope:shell.*can only depend on libs tagged with "scope:shared"/);
  });

  it('rejects reaching past a library public entry', async () => {
    const messages = await lintAs('mfe-catalog/src/fixture.ts', "import '@shop/platform/src/store/api';\n");
    expect(messages.join('\n')).toMatch(/public entry/);
  });

  it('accepts a remote using the shared platform and ui libraries', async () => {
    const messages = await lintAs(
      'mfe-catalog/src/fixture.ts',
      "import { useBrand } from '@shop/platform';\nimport { PageShell } from '@shop/ui';\nexport const x = [useBrand, PageShell];\n",
    );
    expect(messages).toEqual([]);
  });
});
