import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import * as barrel from './index';

// Each subpath of package.json "exports" but the standalone harness is a Module Federation shared
// singleton (tools/webpack/create-config.cjs). A module reached from two of them would be on the
// page twice, and its CSS linked twice: these tests keep every file in one group.
const libRoot = join(__dirname, '..');
const manifest = JSON.parse(readFileSync(join(libRoot, 'package.json'), 'utf8')) as {
  exports: Record<string, string>;
};
const entries = Object.entries(manifest.exports)
  .filter(([subpath]) => subpath !== '.' && subpath !== './standalone')
  .map(([subpath, file]) => ({ name: `@shop/ui/${subpath.slice(2)}`, file: resolve(libRoot, file) }));
const entryByFile = new Map(entries.map((entry) => [entry.file, entry.name]));

const SPECIFIER = /(?:import|export)\s(?:[^'";]*?\sfrom\s)?'([^']+)'/g;

function resolveRelative(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier);
  const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  );
  if (!found) throw new Error(`${relative(libRoot, from)} imports ${specifier}, which does not exist`);
  return found;
}

/** The library's files one group's entry reaches by relative imports, and its imports of other groups. */
function walk(entryFile: string) {
  const files = new Set<string>();
  const relativeIntoOtherEntries: string[] = [];
  const pending = [entryFile];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    if (file.endsWith('.css')) continue;
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      if (!specifier.startsWith('.')) continue;
      const target = resolveRelative(file, specifier);
      if (entryByFile.has(target) && target !== entryFile) {
        relativeIntoOtherEntries.push(`${relative(libRoot, file)} -> ${specifier}`);
        continue;
      }
      pending.push(target);
    }
  }
  return { files, relativeIntoOtherEntries };
}

/** Which groups reach each file of the library. */
function groupsOf() {
  const owners = new Map<string, string[]>();
  for (const entry of entries) {
    for (const file of walk(entry.file).files) owners.set(file, [...(owners.get(file) ?? []), entry.name]);
  }
  return owners;
}

const PURE_HELPERS = new Set([join(libRoot, 'src', 'components', 'class-names.ts')]);

const cssFilesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((item) =>
    item.isDirectory() ? cssFilesUnder(join(dir, item.name)) : item.name.endsWith('.css') ? [join(dir, item.name)] : [],
  );

describe('the design system’s shared groups', () => {
  it('has its groups', () => {
    expect(entries.map((entry) => entry.name)).toEqual([
      '@shop/ui/core',
      '@shop/ui/fields',
      '@shop/ui/quantity-stepper',
      '@shop/ui/price',
      '@shop/ui/card',
      '@shop/ui/dialog',
      '@shop/ui/announcer',
    ]);
  });

  it('reaches another group only by its @shop/ui name, so each group is one shared module', () => {
    const crossings = entries.flatMap((entry) => walk(entry.file).relativeIntoOtherEntries);
    expect(crossings).toEqual([]);
  });

  it('keeps each module in one group (a pure helper without state or CSS may be copied)', () => {
    const shared = [...groupsOf()].filter(([file, groups]) => groups.length > 1 && !PURE_HELPERS.has(file));
    expect(shared.map(([file, groups]) => `${relative(libRoot, file)} in ${groups.join(', ')}`)).toEqual([]);
  });

  it('puts every stylesheet in exactly one group (the harness keeps its own)', () => {
    const owners = groupsOf();
    const expected = cssFilesUnder(join(libRoot, 'src')).filter((file) => !file.endsWith('standalone.css'));
    for (const file of expected) {
      expect({ file: relative(libRoot, file), groups: owners.get(file)?.length ?? 0 }).toEqual({
        file: relative(libRoot, file),
        groups: 1,
      });
    }
  });

  it('keeps the barrel a list of re-exports of the groups (and of the pure theme helpers)', () => {
    const source = readFileSync(join(libRoot, 'src', 'index.ts'), 'utf8').replace(/^\s*\/\/.*$/gm, '');
    const statements = source.split(';').map((statement) => statement.trim());
    for (const statement of statements.filter(Boolean)) {
      expect(statement).toMatch(/^export (type )?\{[^}]*\} from '(@shop\/ui\/[a-z-]+|\.\/theme)'$/);
    }
  });

  it('still exports every name by `@shop/ui`', () => {
    expect(Object.keys(barrel).sort()).toEqual(
      [
        'AnnouncerProvider',
        'Button',
        'Card',
        'Checkbox',
        'Drawer',
        'LoadingStatus',
        'Modal',
        'Notice',
        'PageShell',
        'Price',
        'QuantityStepper',
        'RadioGroup',
        'Select',
        'Skeleton',
        'TextArea',
        'TextField',
        'VisuallyHidden',
        'applyTheme',
        'buttonClassName',
        'clampQuantity',
        'createRemotePages',
        'formatPrice',
        'lazyPage',
        'themeProperties',
        'titleFromSlug',
        'useAnnouncer',
        'useHeadTags',
        'usePageTitle',
      ].sort(),
    );
  });
});
