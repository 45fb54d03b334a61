import type { SizeCell, SizeColumn, SizeUnit } from '@shop/contracts/browser';

/** What the shopper reads and types lengths in: inches (and feet) or centimetres (and metres). */
export type Units = 'in' | 'cm';

export const CM_PER_INCH = 2.54;
const M_PER_FOOT = 0.3048;

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** A table value in the shopper's units: whole inches give whole centimetres, half inches a decimal. */
export function formatNumber(value: number, unit: SizeUnit | undefined, units: Units): string {
  if (units === 'cm' && unit === 'in') return String(round(value * CM_PER_INCH, Number.isInteger(value) ? 0 : 1));
  if (units === 'cm' && unit === 'ft') return (value * M_PER_FOOT).toFixed(2);
  return String(value);
}

/** The unit a column's numbers are shown in, for its header and for messages. */
export function unitLabel(unit: SizeUnit | undefined, units: Units): string {
  if (unit === 'in') return units === 'cm' ? 'cm' : 'in';
  if (unit === 'ft') return units === 'cm' ? 'm' : 'ft';
  return unit === 'years' ? 'years' : '';
}

/** A number with its unit: "32 in", "81 cm", "9 ft", "10 years". */
export const withUnit = (value: number, unit: SizeUnit | undefined, units: Units) =>
  [formatNumber(value, unit, units), unitLabel(unit, units)].filter(Boolean).join(' ');

/** A table cell as text: a range reads 32–34, an open one 15+. */
export function formatCell(cell: SizeCell, column: SizeColumn, units: Units): string {
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'number') return formatNumber(cell, column.unit, units);
  const [min, max] = cell;
  const low = formatNumber(min, column.unit, units);
  return max === null ? `${low}+` : `${low}–${formatNumber(max, column.unit, units)}`;
}

/** A column header with the unit its numbers are in: "Chest (cm)". */
export function columnHeader(column: SizeColumn, units: Units): string {
  const unit = column.unit === 'years' ? '' : unitLabel(column.unit, units);
  return unit ? `${column.label} (${unit})` : column.label;
}

/** Whether the inch/centimetre choice changes anything in these columns. */
export const hasLengths = (columns: readonly SizeColumn[]) =>
  columns.some((column) => column.unit === 'in' || column.unit === 'ft');

/** A measurement the shopper typed, in the unit of the table column it is compared with. */
export function toTableUnit(value: number, unit: SizeUnit | undefined, units: Units): number {
  if (units !== 'cm') return value;
  // Two decimals: 96.52 cm is 38 in, not 37.999…, so a value on a row's edge stays on it.
  if (unit === 'in') return round(value / CM_PER_INCH, 2);
  if (unit === 'ft') return round(value / 100 / M_PER_FOOT, 2);
  return value;
}
