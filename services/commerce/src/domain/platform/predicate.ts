import { invalidInput } from '../../errors';

/**
 * commercetools query predicates (the `where` argument), the subset this service evaluates:
 * comparisons (= != <> < <= > >=), `in (...)`, `not in (...)`, `is defined`, `is not defined`,
 * nested `field(...)`, `and`, `or`, `not(...)` and parentheses.
 */
export type Predicate =
  | { kind: 'and' | 'or'; items: Predicate[] }
  | { kind: 'not'; item: Predicate }
  | { kind: 'compare'; path: string[]; op: string; value: Scalar }
  | { kind: 'in'; path: string[]; negate: boolean; values: Scalar[] }
  | { kind: 'defined'; path: string[]; negate: boolean }
  | { kind: 'nested'; path: string[]; item: Predicate };
type Scalar = string | number | boolean;

const TOKEN =
  /\s*(?:(-?\d+(?:\.\d+)?)|(<=|>=|!=|<>|=|<|>)|([(),])|([A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z_][A-Za-z0-9_-]*)*))/y;
type Token = { type: 'string' | 'number' | 'op' | 'punct' | 'word'; text: string };

/** The one-character escapes JSON allows; anything else after a backslash is a mistake. */
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
const HEX4 = /^[0-9A-Fa-f]{4}$/;
const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * Reads the string literal whose opening quote is at `start`, JSON rules strictly: only JSON's
 * escapes, no raw control characters, and surrogates only in pairs (raw or escaped), since an
 * unpaired one cannot be stored or sent as UTF-8. Returns the value and the index after the
 * closing quote. Every problem is the caller's, so every problem is InvalidInput.
 */
function readString(input: string, start: number): { value: string; end: number } {
  const fail = (what: string, at: number) =>
    invalidInput(`Malformed where predicate: ${what} in the string literal at position ${at}.`);
  const units: number[] = [];
  let index = start + 1;
  while (index < input.length) {
    const char = input[index];
    if (char === '"') {
      const value = String.fromCharCode(...units);
      for (let i = 0; i < units.length; i += 1) {
        if (isHigh(units[i]) && isLow(units[i + 1] ?? 0)) i += 1;
        else if (isHigh(units[i]) || isLow(units[i])) throw fail('an unpaired UTF-16 surrogate', start);
      }
      return { value, end: index + 1 };
    }
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f)
      throw fail(`a raw control character (U+${code.toString(16).toUpperCase().padStart(4, '0')})`, index);
    if (char !== '\\') {
      units.push(code);
      index += 1;
      continue;
    }
    const escape = input[index + 1];
    if (escape === undefined) break;
    if (escape === 'u') {
      const hex = input.slice(index + 2, index + 6);
      if (!HEX4.test(hex)) throw fail('an incomplete \\u escape', index);
      const unit = parseInt(hex, 16);
      // JSON allows \u0000, but PostgreSQL text cannot hold it.
      if (unit === 0) throw fail('a NUL character', index);
      units.push(unit);
      index += 6;
    } else if (Object.hasOwn(ESCAPES, escape)) {
      units.push(ESCAPES[escape].charCodeAt(0));
      index += 2;
    } else {
      throw fail(`an unknown escape "\\${escape.charCodeAt(0) < 0x20 ? '' : escape}"`, index);
    }
  }
  throw invalidInput(`Malformed where predicate: the string literal at position ${start} is not terminated.`);
}

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < input.length) {
    if (/^\s*$/.test(input.slice(index))) break;
    const quote = /\s*"/y;
    quote.lastIndex = index;
    if (quote.exec(input)) {
      const { value, end } = readString(input, quote.lastIndex - 1);
      tokens.push({ type: 'string', text: value });
      index = end;
      continue;
    }
    TOKEN.lastIndex = index;
    const match = TOKEN.exec(input);
    if (!match) throw invalidInput(`Malformed where predicate at position ${index}.`);
    index = TOKEN.lastIndex;
    if (match[1]) tokens.push({ type: 'number', text: match[1] });
    else if (match[2]) tokens.push({ type: 'op', text: match[2] });
    else if (match[3]) tokens.push({ type: 'punct', text: match[3] });
    else tokens.push({ type: 'word', text: match[4] });
  }
  return tokens;
}

export function parsePredicate(input: string): Predicate {
  if (input.length > 4000) throw invalidInput('The where predicate is too long.');
  const tokens = tokenize(input);
  let at = 0;
  const peek = () => tokens[at];
  const isWord = (word: string) => peek()?.type === 'word' && peek().text.toLowerCase() === word;
  const expect = (text: string) => {
    if (peek()?.text !== text) throw invalidInput(`Malformed where predicate: expected "${text}".`);
    at += 1;
  };
  const scalar = (): Scalar => {
    const token = tokens[at++];
    if (!token) throw invalidInput('Malformed where predicate: a value is missing.');
    if (token.type === 'string') return token.text;
    if (token.type === 'number') return Number(token.text);
    if (token.type === 'word' && (token.text === 'true' || token.text === 'false')) return token.text === 'true';
    throw invalidInput(`Malformed where predicate: unexpected "${token.text}".`);
  };
  const list = (): Scalar[] => {
    expect('(');
    const values = [scalar()];
    while (peek()?.text === ',') {
      at += 1;
      values.push(scalar());
    }
    expect(')');
    return values;
  };
  const primary = (): Predicate => {
    if (peek()?.text === '(') {
      at += 1;
      const inner = or();
      expect(')');
      return inner;
    }
    if (isWord('not') && tokens[at + 1]?.text === '(') {
      at += 1;
      expect('(');
      const item = or();
      expect(')');
      return { kind: 'not', item };
    }
    const token = tokens[at++];
    if (token?.type !== 'word') throw invalidInput('Malformed where predicate: a field name is expected.');
    const path = token.text.split('.');
    const next = peek();
    if (next?.text === '(') {
      at += 1;
      const item = or();
      expect(')');
      return { kind: 'nested', path, item };
    }
    if (next?.type === 'op') {
      at += 1;
      return { kind: 'compare', path, op: next.text === '<>' ? '!=' : next.text, value: scalar() };
    }
    if (isWord('in')) {
      at += 1;
      return { kind: 'in', path, negate: false, values: list() };
    }
    if (isWord('not') && tokens[at + 1]?.text.toLowerCase() === 'in') {
      at += 2;
      return { kind: 'in', path, negate: true, values: list() };
    }
    if (isWord('is')) {
      at += 1;
      const negate = isWord('not');
      if (negate) at += 1;
      if (!isWord('defined'))
        throw invalidInput('Malformed where predicate: expected "is defined" or "is not defined".');
      at += 1;
      return { kind: 'defined', path, negate };
    }
    throw invalidInput(`Malformed where predicate after "${token.text}".`);
  };
  const and = (): Predicate => {
    const items = [primary()];
    while (isWord('and')) {
      at += 1;
      items.push(primary());
    }
    return items.length === 1 ? items[0] : { kind: 'and', items };
  };
  const or = (): Predicate => {
    const items = [and()];
    while (isWord('or')) {
      at += 1;
      items.push(and());
    }
    return items.length === 1 ? items[0] : { kind: 'or', items };
  };
  const result = or();
  if (at !== tokens.length) throw invalidInput(`Malformed where predicate: unexpected "${tokens[at].text}".`);
  return result;
}

const resolve = (value: unknown, path: string[]): unknown[] => {
  let current: unknown[] = [value];
  for (const segment of path) {
    current = current.flatMap((item) => {
      if (item === null || typeof item !== 'object') return [];
      const child = (item as Record<string, unknown>)[segment];
      return Array.isArray(child) ? child : child === undefined ? [] : [child];
    });
  }
  return current;
};

const equal = (path: string[], actual: unknown, expected: Scalar) =>
  // E-mail addresses compare without regard to case, as commercetools does for customers.
  path.at(-1) === 'email' && typeof actual === 'string' && typeof expected === 'string'
    ? actual.toLowerCase() === expected.toLowerCase()
    : actual === expected;

const compare = (path: string[], actual: unknown, op: string, expected: Scalar): boolean => {
  if (op === '=') return equal(path, actual, expected);
  if (op === '!=') return !equal(path, actual, expected);
  if (typeof actual !== typeof expected) return false;
  const a = actual as string | number;
  const b = expected as string | number;
  return op === '<' ? a < b : op === '<=' ? a <= b : op === '>' ? a > b : a >= b;
};

/** Whether a resource document satisfies the predicate; arrays match when any element does. */
export function matches(document: unknown, predicate: Predicate): boolean {
  switch (predicate.kind) {
    case 'and':
      return predicate.items.every((item) => matches(document, item));
    case 'or':
      return predicate.items.some((item) => matches(document, item));
    case 'not':
      return !matches(document, predicate.item);
    case 'nested':
      return resolve(document, predicate.path).some((child) => matches(child, predicate.item));
    case 'defined':
      return resolve(document, predicate.path).length > 0 !== predicate.negate;
    case 'in': {
      const found = resolve(document, predicate.path).some((value) =>
        predicate.values.some((v) => equal(predicate.path, value, v)),
      );
      return found !== predicate.negate;
    }
    case 'compare': {
      const values = resolve(document, predicate.path);
      if (predicate.op === '!=') return values.every((value) => compare(predicate.path, value, '!=', predicate.value));
      return values.some((value) => compare(predicate.path, value, predicate.op, predicate.value));
    }
  }
}

/** Top-level `field = "value"` conjuncts, which repositories turn into indexed SQL lookups. */
export function equalities(predicate: Predicate): Map<string, Scalar> {
  const out = new Map<string, Scalar>();
  const items = predicate.kind === 'and' ? predicate.items : [predicate];
  for (const item of items) {
    if (item.kind === 'compare' && item.op === '=') out.set(item.path.join('.'), item.value);
    if (item.kind === 'nested' && item.item.kind === 'compare' && item.item.op === '=') {
      out.set(`${item.path.join('.')}.${item.item.path.join('.')}`, item.item.value);
    }
  }
  return out;
}
