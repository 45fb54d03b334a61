import type { FitResult } from './fit-calculator';

/** A bra chart from the brand's content: the bands it sells and each cup's bust-minus-band inches. */
export interface BraChart {
  bands: number[];
  cups: Array<{ cup: string; difference: number }>;
}

/**
 * Bra size from two measurements in inches, the standard US calculation:
 * - band: the underbust rounded to the nearest inch; an odd number goes up to the next even one;
 * - cup: the fullest bust minus the band, rounded, one cup per inch (1 = A, 2 = B, ...).
 * Sizes outside the chart are reported as such.
 */
export function braSize(underbust: number, bust: number, { bands, cups }: BraChart): FitResult {
  if (!Number.isFinite(underbust) || !Number.isFinite(bust) || underbust <= 0 || bust <= 0)
    return { kind: 'invalid', reason: 'Enter both measurements.' };
  if (underbust < 20 || underbust > 60 || bust < 20 || bust > 70)
    return { kind: 'invalid', reason: 'Those measurements look off. Measure again, and check the units.' };
  if (bust < underbust) return { kind: 'invalid', reason: 'The bust measurement should be larger than the underbust.' };
  const rounded = Math.round(underbust);
  const band = rounded % 2 === 0 ? rounded : rounded + 1;
  if (!bands.includes(band))
    return {
      kind: 'out-of-range',
      reason: `We carry bands ${bands[0]} to ${bands[bands.length - 1]}; your band is ${band}.`,
    };
  const difference = Math.round(bust - band);
  const cup = cups.find((candidate) => candidate.difference === difference)?.cup;
  if (!cup)
    return {
      kind: 'out-of-range',
      reason: `We carry cups ${cups[0].cup} to ${cups[cups.length - 1].cup}; your bust is ${difference} in over your band.`,
    };
  const size = `${band}${cup}`;
  return { kind: 'size', size, label: size, placeholders: { size, band: String(band), cup } };
}
