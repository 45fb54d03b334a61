import type { z } from 'zod';
import type { FitFinder, SizeCell, SizeGuideContent, SizeTable } from './size-guides';

/*
 * The rules a schema alone cannot say: every row fills every column, finders read columns that
 * exist and rise row by row, and what a finder links to uses sizes its tables can give. Each
 * problem names the key it is at, so a broken content file fails at load naming file and key.
 */

type Context = z.core.$RefinementCtx;
type Path = Array<string | number>;

const fail = (ctx: Context, path: Path, message: string) => ctx.addIssue({ code: 'custom', path, message });
const isRange = (cell: SizeCell): cell is [number, number | null] => Array.isArray(cell);
const isMeasure = (cell: SizeCell | undefined) => typeof cell === 'number' || (cell !== undefined && isRange(cell));
/** The values a table's first column gives as sizes. */
export const sizesOf = (table: SizeTable) => table.rows.map((row) => String(row[table.columns[0].key]));

export function checkSizeTable(table: SizeTable, ctx: Context): void {
  const keys = table.columns.map((column) => column.key);
  keys.forEach((key, i) => keys.indexOf(key) !== i && fail(ctx, ['columns', i, 'key'], `"${key}" is used twice`));
  const [first] = table.columns;
  const seen = new Set<string>();
  table.rows.forEach((row, r) => {
    for (const name of Object.keys(row))
      if (!keys.includes(name)) fail(ctx, ['rows', r, name], `"${name}" is not a column of table "${table.id}"`);
    for (const column of table.columns) {
      const cell = row[column.key];
      if (cell === undefined) fail(ctx, ['rows', r, column.key], `the row has no "${column.key}" value`);
      else if (column.unit && column.key !== first.key && !isMeasure(cell))
        fail(ctx, ['rows', r, column.key], `a column in ${column.unit} holds numbers or [min, max] ranges`);
    }
    const head = row[first.key];
    if (head === undefined) return;
    if (isRange(head)) fail(ctx, ['rows', r, first.key], 'the first column names the size: text or a number');
    else if (seen.has(String(head))) fail(ctx, ['rows', r, first.key], `"${head}" is in the table twice`);
    else seen.add(String(head));
  });
}

export function checkSizeGuide(guide: SizeGuideContent, ctx: Context): void {
  const tables = new Map<string, SizeTable>();
  guide.tables.forEach((table, i) => {
    if (tables.has(table.id)) fail(ctx, ['tables', i, 'id'], `"${table.id}" is used twice`);
    tables.set(table.id, table);
  });
  const ids = new Set<string>();
  (guide.finders ?? []).forEach((finder, f) => {
    const at = (...rest: Path): Path => ['finders', f, ...rest];
    if (ids.has(finder.id)) fail(ctx, at('id'), `"${finder.id}" is used twice`);
    ids.add(finder.id);
    const used: SizeTable[] = [];
    finder.tables.forEach((id, t) => {
      const table = tables.get(id);
      if (table) used.push(table);
      else fail(ctx, at('tables', t), `there is no table "${id}" in this guide`);
    });
    if (used.length !== finder.tables.length) return;
    const placeholders = finder.method === 'band-cup' ? ['size', 'band', 'cup'] : ['size'];
    const texts: Array<[Path, string]> = [[at('result'), finder.result]];
    finder.shop.forEach((link, l) => {
      texts.push([at('shop', l, 'label'), link.label]);
      for (const [name, values] of Object.entries(link.filters ?? {}))
        values?.forEach((value, v) => texts.push([at('shop', l, 'filters', name, v), value]));
    });
    for (const [path, value] of texts)
      for (const [, name] of value.matchAll(/\{(\w+)\}/g))
        if (!placeholders.includes(name)) fail(ctx, path, `{${name}} means nothing to a ${finder.method} finder`);
    if (finder.method === 'band-cup') checkBandCup(finder, used, ctx, at);
    else checkRanges(guide, finder, used, ctx, at);
    const sizes = new Set(finderSizes(finder, used));
    finder.shop.forEach((link, l) =>
      link.sizes?.forEach((size, s) => {
        if (!sizes.has(size)) fail(ctx, at('shop', l, 'sizes', s), `"${size}" is not a size the finder can give`);
      }),
    );
  });
}

/** Every size a finder can answer with. */
export function finderSizes(finder: FitFinder, tables: SizeTable[]): string[] {
  if (finder.method === 'band-cup')
    return sizesOf(tables[0]).flatMap((band) => sizesOf(tables[1]).map((c) => band + c));
  return tables
    .map(sizesOf)
    .reduce<string[]>(
      (all, sizes) => (all.length ? all.flatMap((a) => sizes.map((s) => a + (finder.join ?? '') + s)) : sizes),
      [],
    );
}

function checkRanges(
  guide: SizeGuideContent,
  finder: FitFinder,
  tables: SizeTable[],
  ctx: Context,
  at: (...rest: Path) => Path,
) {
  finder.inputs.forEach((input, i) => {
    const owners = tables.filter((table) => table.columns.slice(1).some((column) => column.key === input.key));
    if (owners.length === 0) fail(ctx, at('inputs', i, 'key'), `no table of this finder has a "${input.key}" column`);
    for (const table of owners) {
      const t = guide.tables.indexOf(table);
      let previous: [number, number | null] | undefined;
      table.rows.forEach((row, r) => {
        const cell = row[input.key];
        if (!isMeasure(cell)) {
          fail(ctx, ['tables', t, 'rows', r, input.key], `the fit finder compares "${input.key}": a number or range`);
          return;
        }
        const range: [number, number | null] = isRange(cell) ? cell : [cell, cell];
        if (
          previous &&
          (previous[1] === null || range[0] < previous[0] || (range[1] !== null && range[1] < previous[1]))
        )
          fail(ctx, ['tables', t, 'rows', r, input.key], `the fit finder needs "${input.key}" to rise row by row`);
        previous = range;
      });
    }
  });
  tables.forEach((table, t) => {
    if (!finder.inputs.some((input) => table.columns.slice(1).some((column) => column.key === input.key)))
      fail(ctx, at('tables', t), `no input of this finder reads table "${table.id}"`);
  });
}

function checkBandCup(finder: FitFinder, [bands, cups]: SizeTable[], ctx: Context, at: (...rest: Path) => Path) {
  if (finder.inputs.map((input) => input.key).join() !== 'underbust,bust')
    fail(ctx, at('inputs'), 'a band-cup finder asks for the underbust, then the bust');
  if (bands.rows.some((row) => typeof row[bands.columns[0].key] !== 'number'))
    fail(ctx, at('tables', 0), `the bands of table "${bands.id}" are numbers`);
  const difference = cups.columns[1];
  let last = 0;
  cups.rows.forEach((row, r) => {
    const value = row[difference.key];
    if (typeof value !== 'number' || !Number.isInteger(value) || value <= last)
      fail(ctx, at('tables', 1), `row ${r + 1} of table "${cups.id}": cups rise by whole inches of difference`);
    else last = value;
  });
}
