import { CLOTHING_RULES, type ClothingRule } from './clothing-rules';

/**
 * The stand-in's US sales tax table. Rates are written in thousandths of a percent (8875 =
 * 8.875 %) so every computation stays in integers.
 *
 * - State base rates: each state's general state-level rate (2024), plus the statewide local
 *   add-ons that apply everywhere (Utah 1.25 %, Virginia 1 %). DC counts as a state.
 * - No general sales tax: Oregon, Montana, New Hampshire, Delaware, Alaska (Alaska's boroughs
 *   levy local taxes; the stand-in charges none), and the territories and military post offices.
 * - Local rates: added to the state rate for ZIP codes starting with a prefix (the longest prefix
 *   wins). Only a few large cities are listed; elsewhere the state rate applies alone.
 * - Shipping: taxed at the same rate in the states listed in {@link SHIPPING_TAXABLE} (states that
 *   tax separately stated delivery charges on taxable goods); elsewhere (California, Florida,
 *   Illinois, Massachusetts...) shipping is not taxed.
 * - Clothing: the states of clothing-rules.ts exempt it, all of it or up to a price per item.
 *
 * These are illustrative figures for a stand-in, not tax advice: a hosted tax service replaces
 * the table by configuration (see services/README.md).
 */
export const STATE_RATES: Readonly<Record<string, number>> = {
  AL: 4000,
  AK: 0,
  AZ: 5600,
  AR: 6500,
  CA: 7250,
  CO: 2900,
  CT: 6350,
  DE: 0,
  DC: 6000,
  FL: 6000,
  GA: 4000,
  HI: 4000,
  ID: 6000,
  IL: 6250,
  IN: 7000,
  IA: 6000,
  KS: 6500,
  KY: 6000,
  LA: 4450,
  ME: 5500,
  MD: 6000,
  MA: 6250,
  MI: 6000,
  MN: 6875,
  MS: 7000,
  MO: 4225,
  MT: 0,
  NE: 5500,
  NV: 6850,
  NH: 0,
  NJ: 6625,
  NM: 4875,
  NY: 4000,
  NC: 4750,
  ND: 5000,
  OH: 5750,
  OK: 4500,
  OR: 0,
  PA: 6000,
  RI: 7000,
  SC: 6000,
  SD: 4200,
  TN: 7000,
  TX: 6250,
  UT: 6100,
  VT: 6000,
  VA: 5300,
  WA: 6500,
  WV: 6000,
  WI: 5000,
  WY: 4000,
  PR: 0,
  GU: 0,
  VI: 0,
  AS: 0,
  MP: 0,
  AA: 0,
  AE: 0,
  AP: 0,
};

export interface LocalRate {
  /** The first digits of the ZIP codes it covers. */
  prefix: string;
  name: string;
  rate: number;
  /** The locality exempts clothing as its state does; without it, its rate applies to clothing in full. */
  clothingExempt?: true;
}

/** Local rates on top of the state's, by ZIP prefix. */
export const LOCAL_RATES: Readonly<Record<string, readonly LocalRate[]>> = {
  // New York City: 4.5 % city tax + 0.375 % Metropolitan Commuter Transportation District = 8.875 %.
  // The city and the district exempt clothing under $110 an item, as the state does.
  NY: ['100', '101', '102', '103', '104', '111', '112', '113', '114', '116'].map((prefix) => ({
    prefix,
    name: 'New York City',
    rate: 4875,
    clothingExempt: true,
  })),
  CA: [
    // San Francisco 8.625 %; Los Angeles 9.5 %.
    { prefix: '941', name: 'San Francisco', rate: 1375 },
    { prefix: '900', name: 'Los Angeles', rate: 2250 },
  ],
  TX: [
    // Austin, Houston and Dallas: 2 % city and transit = 8.25 %.
    { prefix: '733', name: 'Austin', rate: 2000 },
    { prefix: '787', name: 'Austin', rate: 2000 },
    { prefix: '770', name: 'Houston', rate: 2000 },
    { prefix: '752', name: 'Dallas', rate: 2000 },
  ],
  // Seattle 10.35 %.
  WA: [{ prefix: '981', name: 'Seattle', rate: 3850 }],
  // Chicago 10.25 %.
  IL: [{ prefix: '606', name: 'Chicago', rate: 4000 }],
  // Denver 8.81 %.
  CO: [{ prefix: '802', name: 'Denver', rate: 5910 }],
  // Phoenix 8.6 %.
  AZ: [{ prefix: '850', name: 'Phoenix', rate: 3000 }],
  // Atlanta 8.9 %.
  GA: [{ prefix: '303', name: 'Atlanta', rate: 4900 }],
};

/** States that tax shipping charges on taxable goods (at the goods' rate). */
export const SHIPPING_TAXABLE: ReadonlySet<string> = new Set([
  'AR',
  'CT',
  'DC',
  'GA',
  'HI',
  'IN',
  'KS',
  'KY',
  'MI',
  'MN',
  'MS',
  'NE',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'VT',
  'WA',
  'WV',
  'WI',
]);

/** Rates are in thousandths of a percent: this many make 100 %. */
export const RATE_SCALE = 100_000;

export interface ResolvedRate {
  /** e.g. "New York sales tax + New York City". */
  name: string;
  /** Thousandths of a percent. */
  rate: number;
  shippingTaxable: boolean;
  /** The state's clothing rule, and the part of `rate` it lifts (the state's and a following local rate). */
  clothing?: { rule: ClothingRule; rate: number };
}

/** The combined rate for a ZIP code in a state (the ZIP is assumed to belong to the state). */
export function rateFor(state: string, postalCode: string, stateName: string): ResolvedRate {
  const base = STATE_RATES[state] ?? 0;
  const local = (LOCAL_RATES[state] ?? [])
    .filter((entry) => postalCode.startsWith(entry.prefix))
    .sort((a, b) => b.prefix.length - a.prefix.length)[0];
  const name = base === 0 && !local ? `${stateName}: no sales tax` : `${stateName} sales tax`;
  const rule = CLOTHING_RULES[state] as ClothingRule | undefined;
  return {
    name: local ? `${name} + ${local.name}` : name,
    rate: base + (local?.rate ?? 0),
    shippingTaxable: SHIPPING_TAXABLE.has(state),
    ...(rule ? { clothing: { rule, rate: base + (local?.clothingExempt ? local.rate : 0) } } : {}),
  };
}
