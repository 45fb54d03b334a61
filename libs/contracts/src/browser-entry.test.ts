import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The browser entry carries constants and rules, never zod: a module with a schema runs
 * `z.object(...)` when it loads, which webpack cannot drop, so one such value exported here put
 * all of zod (~18 KB gzip) on every shopper's first page.
 */
const here = __dirname;
const source = (file: string) => readFileSync(join(here, `${file}.ts`), 'utf8');
/** The modules a file loads at run time (type-only imports and exports load nothing). */
const runtimeImports = (text: string) =>
  [...text.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)].map((match) => match[1]);

function loadsZod(file: string, seen = new Set<string>()): string | undefined {
  if (seen.has(file)) return undefined;
  seen.add(file);
  for (const request of runtimeImports(source(file))) {
    if (request === 'zod' || request.startsWith('zod/')) return file;
    if (request.startsWith('./')) {
      const found = loadsZod(request.slice(2), seen);
      if (found) return `${file} -> ${found}`;
    }
  }
  return undefined;
}

describe('the browser entry', () => {
  it('loads no module that loads zod', () => {
    expect(loadsZod('browser')).toBeUndefined();
  });
});
