/**
 * Bra size from two measurements, the standard US calculation:
 * - band: the underbust in inches, rounded to the nearest inch; an odd number goes up to the
 *   next even one (bands come in even sizes);
 * - cup: the difference between the fullest bust and the band, one cup per inch
 *   (1 = A, 2 = B, 3 = C, 4 = D, 5 = DD, 6 = DDD).
 * Sizes outside what the shop carries (bands 32-44, cups A-DDD) are reported as such.
 */
export const CUPS = ['A', 'B', 'C', 'D', 'DD', 'DDD'] as const;
export const BANDS = [32, 34, 36, 38, 40, 42, 44] as const;
export const CM_PER_INCH = 2.54;

export type FitResult =
  | { kind: 'size'; band: number; cup: (typeof CUPS)[number]; size: string }
  | { kind: 'out-of-range'; band: number; difference: number; reason: string }
  | { kind: 'invalid'; reason: string };

export function braSize(underbust: number, bust: number, unit: 'in' | 'cm' = 'in'): FitResult {
  if (!Number.isFinite(underbust) || !Number.isFinite(bust) || underbust <= 0 || bust <= 0)
    return { kind: 'invalid', reason: 'Enter both measurements.' };
  const under = unit === 'cm' ? underbust / CM_PER_INCH : underbust;
  const full = unit === 'cm' ? bust / CM_PER_INCH : bust;
  if (under < 20 || under > 60 || full < 20 || full > 70)
    return { kind: 'invalid', reason: 'Those measurements look off. Measure again in inches or centimetres.' };
  if (full < under) return { kind: 'invalid', reason: 'The bust measurement should be larger than the underbust.' };
  const rounded = Math.round(under);
  const band = rounded % 2 === 0 ? rounded : rounded + 1;
  const difference = Math.round(full - band);
  if (!(BANDS as readonly number[]).includes(band))
    return { kind: 'out-of-range', band, difference, reason: `We carry bands 32 to 44; your band is ${band}.` };
  if (difference < 1 || difference > CUPS.length)
    return { kind: 'out-of-range', band, difference, reason: 'We carry cups A to DDD.' };
  const cup = CUPS[difference - 1];
  return { kind: 'size', band, cup, size: `${band}${cup}` };
}
