import type { FitFinderEntry, SizeCell, SizeColumn, SizeTable } from '@shop/contracts/browser';
import { type Units, toTableUnit, unitLabel, withUnit } from '../../lib/units';
import { braSize } from './bra-size';

/** A size as the finder gives it: the value products carry, what the shopper reads, and link values. */
export interface FoundSize {
  size: string;
  label: string;
  placeholders: Record<string, string>;
}

export type FitResult =
  | (FoundSize & {
      kind: 'size';
      /** Between two sizes: the smaller one, for a closer fit (the size is the relaxed one). */
      smaller?: FoundSize;
      /** The measurements point to different sizes; says which, and that the larger was chosen. */
      mixed?: string;
    })
  | { kind: 'out-of-range'; reason: string }
  | { kind: 'invalid'; reason: string };

type Range = [number, number | null];
type Position = { at: number } | { between: [number, number] } | { below: true } | { above: true };

const asRange = (cell: SizeCell | undefined): Range =>
  Array.isArray(cell) ? cell : typeof cell === 'number' ? [cell, cell] : [Number.NaN, Number.NaN];

/**
 * Where a value falls among rising ranges: in one row, between two (in the gap between them, or
 * on an edge two rows share), or below or above them all.
 */
export function locate(value: number, ranges: readonly Range[]): Position {
  const hits = ranges.flatMap(([min, max], i) => (value >= min && (max === null || value <= max) ? [i] : []));
  if (hits.length === 1) return { at: hits[0] };
  if (hits.length > 1) return { between: [hits[0], hits[hits.length - 1]] };
  if (value < ranges[0][0]) return { below: true };
  const gap = ranges.findIndex(
    ([, max], i) => i < ranges.length - 1 && max !== null && value > max && value < ranges[i + 1][0],
  );
  return gap >= 0 ? { between: [gap, gap + 1] } : { above: true };
}

const lower = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const sizeOf = (table: SizeTable, row: number) => table.rows[row][table.columns[0].key];
/** A size as the shopper reads it: "M", "32", or a rim height of "9 ft" (2.74 m). */
const labelOf = (table: SizeTable, row: number, units: Units) => {
  const size = sizeOf(table, row);
  return typeof size === 'number' ? withUnit(size, table.columns[0].unit, units) : String(size);
};

/** The size a finder gives for the shopper's measurements (as typed, in `units`), or why it cannot. */
export function computeFit(finder: FitFinderEntry, typed: Record<string, number>, units: Units): FitResult {
  const columns = new Map<string, SizeColumn>();
  for (const table of finder.sizeTables) for (const column of table.columns.slice(1)) columns.set(column.key, column);
  const values: Record<string, number> = {};
  for (const input of finder.inputs) {
    const value = typed[input.key];
    if (!Number.isFinite(value) || value <= 0)
      return { kind: 'invalid', reason: `Enter a number for ${lower(input.label)}.` };
    // A bra's bust is compared with no column of its own: it is in inches like the band's.
    values[input.key] = toTableUnit(value, columns.get(input.key)?.unit ?? 'in', units);
  }
  if (finder.method === 'band-cup') return braSize(values.underbust, values.bust, chartOf(finder.sizeTables));
  return rangeSize(finder, values, typed, units);
}

function chartOf([bands, cups]: SizeTable[]) {
  return {
    bands: bands.rows.map((row) => Number(row[bands.columns[0].key])),
    cups: cups.rows.map((row) => ({
      cup: String(row[cups.columns[0].key]),
      difference: Number(row[cups.columns[1].key]),
    })),
  };
}

function rangeSize(
  finder: Extract<FitFinderEntry, { method: 'ranges' }>,
  values: Record<string, number>,
  typed: Record<string, number>,
  units: Units,
): FitResult {
  const parts: Array<{ table: SizeTable; low: number; high: number }> = [];
  const pointers: string[] = [];
  for (const table of finder.sizeTables) {
    let low = -1;
    let high = -1;
    const said = new Set<string>();
    const points: string[] = [];
    for (const input of finder.inputs) {
      const column = table.columns.slice(1).find((candidate) => candidate.key === input.key);
      if (!column) continue;
      const ranges = table.rows.map((row) => asRange(row[input.key]));
      const value = values[input.key];
      const wild = column.unit === 'years' ? value > 120 : value < ranges[0][0] / 2 || value > lastBound(ranges) * 2;
      if (wild)
        return { kind: 'invalid', reason: `That ${lower(input.label)} looks off. Measure again, and check the units.` };
      const position = locate(value, ranges);
      const yours = [typed[input.key], unitLabel(column.unit, units)].filter(Boolean).join(' ');
      const measured = lower(input.label);
      if ('below' in position) {
        const from = withUnit(ranges[0][0], column.unit, units);
        return outOfRange(
          finder.belowRange ??
            `Your ${measured}, ${yours}, is below the smallest ${lower(finder.label)} size we carry: ${labelOf(table, 0, units)}, from ${from}.`,
        );
      }
      if ('above' in position) {
        const upTo = withUnit(lastBound(ranges), column.unit, units);
        const last = table.rows.length - 1;
        return outOfRange(
          finder.aboveRange ??
            `Your ${measured}, ${yours}, is above the largest ${lower(finder.label)} size we carry: ${labelOf(table, last, units)}, up to ${upTo}.`,
        );
      }
      const [a, b] = 'at' in position ? [position.at, position.at] : position.between;
      low = Math.max(low, a);
      high = Math.max(high, b);
      const where = a === b ? `${sizeOf(table, a)}` : `between ${sizeOf(table, a)} and ${sizeOf(table, b)}`;
      said.add(where);
      points.push(`${measured} is ${where}`);
    }
    parts.push({ table, low, high });
    if (said.size > 1) pointers.push(...points);
  }
  const found = (pick: 'low' | 'high'): FoundSize => {
    const size = parts.map((part) => String(sizeOf(part.table, part[pick]))).join(finder.join ?? '');
    const label = parts.length === 1 ? labelOf(parts[0].table, parts[0][pick], units) : size;
    return { size, label, placeholders: { size } };
  };
  const size = found('high');
  const between = parts.some((part) => part.low < part.high);
  return {
    kind: 'size',
    ...size,
    ...(between ? { smaller: found('low') } : {}),
    ...(pointers.length
      ? { mixed: `Your ${pointers.join(' and your ')}: ${size.label} fits ${pointers.length > 2 ? 'all' : 'both'}.` }
      : {}),
  };
}

const lastBound = (ranges: readonly Range[]) => {
  const [min, max] = ranges[ranges.length - 1];
  return max ?? min;
};
const outOfRange = (reason: string): FitResult => ({ kind: 'out-of-range', reason });
