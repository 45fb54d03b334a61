import { invalidInput } from '../../errors';

/** The SPEC §3 filter attributes, searchable as variants.attributes.<name>. */
export const FILTER_ATTRIBUTES = [
  'size',
  'color',
  'colorFamily',
  'bandSize',
  'bust',
  'cupSize',
  'length',
  'masterStyle',
  'waist',
] as const;

export type SearchFilter =
  | { kind: 'categories'; ids: string[]; subtree: boolean }
  | { kind: 'attribute'; name: string; values: string[] }
  | { kind: 'sku'; values: string[] }
  | { kind: 'price'; ranges: Array<[number | null, number | null]> }
  | { kind: 'key'; values: string[] };

const PRICE_PATHS = [
  'variants.price.centAmount',
  'variants.scopedPrice.currentValue.centAmount',
  'variants.scopedPrice.value.centAmount',
];

function splitValues(text: string): string[] {
  const values: string[] = [];
  const pattern = /\s*"((?:[^"\\]|\\.)*)"\s*(,|$)/y;
  let at = 0;
  while (at < text.length) {
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (!match) throw invalidInput(`Malformed filter values: ${text}`);
    values.push(JSON.parse(`"${match[1]}"`) as string);
    at = pattern.lastIndex;
    if (!match[2]) break;
  }
  if (values.length === 0 || values.length > 100) throw invalidInput('A filter needs between 1 and 100 values.');
  return values;
}

function parseRanges(text: string): Array<[number | null, number | null]> {
  const ranges: Array<[number | null, number | null]> = [];
  const pattern = /\s*\(\s*(\*|-?\d+)\s+to\s+(\*|-?\d+)\s*\)\s*(,|$)/y;
  let at = 0;
  while (at < text.length) {
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (!match) throw invalidInput(`Malformed range: ${text}`);
    ranges.push([match[1] === '*' ? null : Number(match[1]), match[2] === '*' ? null : Number(match[2])]);
    at = pattern.lastIndex;
    if (!match[3]) break;
  }
  if (ranges.length === 0 || ranges.length > 20) throw invalidInput('A range filter needs between 1 and 20 ranges.');
  return ranges;
}

/** Parses one Product Projection Search filter expression such as `variants.attributes.size:"M","L"`. */
export function parseFilter(expression: string): SearchFilter {
  if (expression.length > 2000) throw invalidInput('The filter is too long.');
  const colon = expression.indexOf(':');
  if (colon < 0) throw invalidInput(`Malformed filter "${expression}": expected <path>:<values>.`);
  const path = expression.slice(0, colon).trim();
  const rest = expression.slice(colon + 1).trim();
  if (path === 'categories.id') {
    const subtree = /^subtree\(\s*"([^"]+)"\s*\)$/.exec(rest);
    if (subtree) return { kind: 'categories', ids: [subtree[1]], subtree: true };
    const subtrees = rest.split(/\s*,\s*(?=subtree)/).map((part) => /^subtree\(\s*"([^"]+)"\s*\)$/.exec(part));
    if (subtrees.length > 1 && subtrees.every(Boolean))
      return { kind: 'categories', ids: subtrees.map((m) => (m as RegExpExecArray)[1]), subtree: true };
    return { kind: 'categories', ids: splitValues(rest), subtree: false };
  }
  if (PRICE_PATHS.includes(path)) {
    const range = /^range\s*(.*)$/s.exec(rest);
    if (!range) throw invalidInput(`Price filters take ranges: ${path}:range (1000 to 5000)`);
    return { kind: 'price', ranges: parseRanges(range[1]) };
  }
  if (path === 'variants.sku') return { kind: 'sku', values: splitValues(rest) };
  if (path === 'key') return { kind: 'key', values: splitValues(rest) };
  const attribute = /^variants\.attributes\.([A-Za-z][A-Za-z0-9]*)(?:\.key)?$/.exec(path);
  if (attribute) return { kind: 'attribute', name: attribute[1], values: splitValues(rest) };
  throw invalidInput(`Filtering on "${path}" is not supported.`);
}

export type SearchFacet =
  | { kind: 'terms'; path: string; attribute: string | 'categories.id'; alias: string; countingProducts: boolean }
  | { kind: 'price-range'; path: string; alias: string; ranges: Array<[number | null, number | null]> };

/** Parses a facet expression: `variants.attributes.color`, `categories.id counting products`, `variants.price.centAmount:range (0 to 2500)`. */
export function parseFacet(expression: string): SearchFacet {
  const aliasMatch = /\s+as\s+([A-Za-z][A-Za-z0-9_-]*)\s*$/.exec(expression);
  const body = aliasMatch ? expression.slice(0, aliasMatch.index) : expression;
  const counting = /\s+counting\s+products\s*$/.exec(body);
  const core = (counting ? body.slice(0, counting.index) : body).trim();
  const rangeAt = core.indexOf(':range');
  if (rangeAt >= 0) {
    const path = core.slice(0, rangeAt).trim();
    if (!PRICE_PATHS.includes(path)) throw invalidInput(`Range facets are supported on prices only, not "${path}".`);
    return {
      kind: 'price-range',
      path,
      alias: aliasMatch?.[1] ?? path,
      ranges: parseRanges(core.slice(rangeAt + ':range'.length)),
    };
  }
  if (core === 'categories.id')
    return {
      kind: 'terms',
      path: core,
      attribute: 'categories.id',
      alias: aliasMatch?.[1] ?? core,
      countingProducts: Boolean(counting),
    };
  const attribute = /^variants\.attributes\.([A-Za-z][A-Za-z0-9]*)(?:\.key)?$/.exec(core);
  if (!attribute) throw invalidInput(`Facets on "${core}" are not supported.`);
  return {
    kind: 'terms',
    path: core,
    attribute: attribute[1],
    alias: aliasMatch?.[1] ?? core,
    countingProducts: Boolean(counting),
  };
}
