/**
 * USPS-style standardisation of street lines (Publication 28): upper case, periods dropped,
 * commas and repeated spaces collapsed, street suffixes (appendix C1), directionals and
 * secondary unit designators (appendix C2) in their standard abbreviations. Only the common
 * forms are listed; an unknown word is kept as written.
 */

const SUFFIXES: Record<string, string[]> = {
  ALY: ['ALLEE', 'ALLEY', 'ALLY'],
  AVE: ['AV', 'AVEN', 'AVENU', 'AVENUE', 'AVN', 'AVNUE'],
  BLVD: ['BOUL', 'BOULEVARD', 'BOULV'],
  BND: ['BEND'],
  BRG: ['BRDGE', 'BRIDGE'],
  CIR: ['CIRC', 'CIRCL', 'CIRCLE', 'CRCL', 'CRCLE'],
  CMNS: ['COMMONS'],
  CSWY: ['CAUSEWAY', 'CAUSWA'],
  CT: ['COURT'],
  CTR: ['CEN', 'CENT', 'CENTER', 'CENTR', 'CENTRE', 'CNTER', 'CNTR'],
  CRK: ['CREEK'],
  CV: ['COVE'],
  DR: ['DRIV', 'DRIVE', 'DRV'],
  ESTS: ['ESTATES'],
  EXPY: ['EXP', 'EXPR', 'EXPRESS', 'EXPRESSWAY', 'EXPW'],
  FWY: ['FREEWAY', 'FREEWY', 'FRWAY', 'FRWY'],
  GRV: ['GROV', 'GROVE'],
  HBR: ['HARB', 'HARBOR'],
  HL: ['HILL'],
  HTS: ['HEIGHTS', 'HT'],
  HWY: ['HIGHWAY', 'HIGHWY', 'HIWAY', 'HIWY', 'HWAY'],
  JCT: ['JCTN', 'JUNCTION'],
  LN: ['LANE'],
  LNDG: ['LANDING', 'LNDNG'],
  LOOP: ['LOOPS'],
  MALL: [],
  MDWS: ['MEADOWS'],
  OVAL: ['OVL'],
  PARK: ['PRK'],
  PASS: [],
  PATH: ['PATHS'],
  PIKE: ['PIKES'],
  PKWY: ['PARKWAY', 'PARKWY', 'PKWAY', 'PKY'],
  PL: ['PLACE'],
  PLZ: ['PLAZA', 'PLZA'],
  PT: ['POINT'],
  RD: ['ROAD'],
  ROW: [],
  RTE: ['ROUTE'],
  RUN: [],
  SQ: ['SQR', 'SQRE', 'SQU', 'SQUARE'],
  ST: ['STR', 'STREET', 'STRT'],
  STA: ['STATION', 'STATN'],
  TER: ['TERR', 'TERRACE'],
  TPKE: ['TRNPK', 'TURNPIKE', 'TURNPK'],
  TRL: ['TRAIL', 'TRAILS', 'TRLS'],
  VLG: ['VILL', 'VILLAGE'],
  VW: ['VIEW'],
  WALK: [],
  WAY: ['WY'],
  XING: ['CROSSING', 'CRSSNG'],
};

const DIRECTIONALS: Record<string, string[]> = {
  N: ['NORTH'],
  S: ['SOUTH'],
  E: ['EAST'],
  W: ['WEST'],
  NE: ['NORTHEAST', 'NORTH-EAST'],
  NW: ['NORTHWEST', 'NORTH-WEST'],
  SE: ['SOUTHEAST', 'SOUTH-EAST'],
  SW: ['SOUTHWEST', 'SOUTH-WEST'],
};

/** Designators followed by a unit number (APT 4B); `#` stands in when the kind is unknown. */
const UNITS: Record<string, string[]> = {
  APT: ['APARTMENT'],
  BLDG: ['BUILDING'],
  DEPT: ['DEPARTMENT'],
  FL: ['FLOOR'],
  HNGR: ['HANGAR'],
  LOT: [],
  PH: ['PENTHOUSE'],
  PIER: [],
  RM: ['ROOM'],
  SLIP: [],
  SPC: ['SPACE'],
  STE: ['SUITE'],
  TRLR: ['TRAILER'],
  UNIT: [],
  '#': [],
};

/** Designators that stand alone (REAR, BSMT). */
const BARE_UNITS: Record<string, string[]> = {
  BSMT: ['BASEMENT'],
  FRNT: ['FRONT'],
  LBBY: ['LOBBY'],
  LOWR: ['LOWER'],
  OFC: ['OFFICE'],
  REAR: [],
  SIDE: [],
  UPPR: ['UPPER'],
};

const lookup = (table: Record<string, string[]>) =>
  new Map(Object.entries(table).flatMap(([standard, variants]) => [standard, ...variants].map((v) => [v, standard])));
const SUFFIX = lookup(SUFFIXES);
const DIRECTIONAL = lookup(DIRECTIONALS);
const UNIT = lookup(UNITS);
const BARE_UNIT = lookup(BARE_UNITS);

/** Upper case, periods dropped, commas as spaces, `#5` as `# 5`, one space between words. */
export function normalizeText(text: string): string {
  return text
    .toUpperCase()
    .replace(/\./g, '')
    .replace(/,/g, ' ')
    .replace(/\s*#\s*/g, ' # ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** What a caller's input looks like when only case and spacing are ignored. */
export const caseAndSpacing = (text: string) => text.toUpperCase().replace(/\s+/g, ' ').trim();

const HOUSE_NUMBER = /^\d+[A-Z]?$|^\d+-\d+[A-Z]?$/;
const PO_BOX = /^(?:P ?O|POST OFFICE) BOX (\S+)$/;

/** Standardises a unit line: `apartment #4b` -> `APT 4B`, `suite 200` -> `STE 200`. */
export function standardizeUnit(text: string): string {
  const words = normalizeText(text).split(' ').filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const unit = UNIT.get(words[i]);
    if (unit && unit !== '#' && words[i + 1] === '#') {
      // "APT # 4" is "APT 4".
      out.push(unit);
      i += 1;
      continue;
    }
    out.push(unit ?? BARE_UNIT.get(words[i]) ?? words[i]);
  }
  return out.join(' ');
}

export interface StreetLine {
  /** The standard form of the whole line (unit included, where it was written). */
  standard: string;
  /** False when the line neither starts with a house number nor is a PO box. */
  hasHouseNumber: boolean;
  /** The house number and the street without it or the unit (`350`, `5TH AVE`); not for a PO box. */
  house?: string;
  street?: string;
}

/**
 * Standardises a street line: `123 north main street apt 4` -> `123 N MAIN ST APT 4`. A
 * directional is abbreviated only where it is one (`123 North Ave` keeps NORTH as the name), and
 * only the last word of the street (before a post-directional) is read as its suffix.
 */
export function standardizeStreet(text: string): StreetLine {
  const normalized = normalizeText(text);
  const box = PO_BOX.exec(normalized);
  if (box) return { standard: `PO BOX ${box[1]}`, hasHouseNumber: true };
  const words = normalized.split(' ').filter(Boolean);
  if (!HOUSE_NUMBER.test(words[0] ?? '')) return { standard: normalized, hasHouseNumber: false };
  // A unit designator after the house number and at least one word of street name starts the unit
  // part: one that takes a number when a number follows, a bare one (REAR) as the last word after a
  // suffix or directional, so that "123 Old Front St" keeps its FRONT.
  const unitAt = words.findIndex(
    (word, index) =>
      index >= 2 &&
      ((UNIT.has(word) && words[index + 1] !== undefined) ||
        (BARE_UNIT.has(word) &&
          index === words.length - 1 &&
          (SUFFIX.has(words[index - 1]) || DIRECTIONAL.has(words[index - 1])))),
  );
  const street = unitAt === -1 ? words.slice(1) : words.slice(1, unitAt);
  const unit = unitAt === -1 ? '' : standardizeUnit(words.slice(unitAt).join(' '));

  const name = [...street];
  let post: string | undefined;
  if (name.length >= 2 && DIRECTIONAL.has(name[name.length - 1])) post = DIRECTIONAL.get(name.pop() as string);
  let suffix: string | undefined;
  if (name.length >= 2 && SUFFIX.has(name[name.length - 1])) suffix = SUFFIX.get(name.pop() as string);
  let pre: string | undefined;
  if (name.length >= 2 && DIRECTIONAL.has(name[0])) pre = DIRECTIONAL.get(name.shift() as string);
  const streetOnly = [pre, ...name, suffix, post].filter(Boolean).join(' ');
  const standard = [words[0], streetOnly, unit].filter(Boolean).join(' ');
  return { standard, hasHouseNumber: true, house: words[0], street: streetOnly };
}
