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

const TOKEN = /\s*(?:("(?:[^"\\]|\\.)*")|(-?\d+(?:\.\d+)?)|(<=|>=|!=|<>|=|<|>)|([(),])|([A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z_][A-Za-z0-9_-]*)*))/y;
type Token = { type: 'string' | 'number' | 'op' | 'punct' | 'word'; text: string };

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  let index = 0;
  while (index < input.length) {
    if (/^\s*$/.test(input.slice(index))) break;
    TOKEN.lastIndex = index;
    const match = TOKEN.exec(input);
    if (!match) throw invalidInput(`Malformed where predicate near "${input.slice(index, index + 20)}".`);
    index = TOKEN.lastIndex;
    if (match[1]) tokens.push({ type: 'string', text: JSON.parse(match[1]) as string });
    else if (match[2]) tokens.push({ type: 'number', text: match[2] });
    else if (match[3]) tokens.push({ type: 'op', text: match[3] });
    else if (match[4]) tokens.push({ type: 'punct', text: match[4] });
    else tokens.push({ type: 'word', text: match[5] });
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
      if (!isWord('defined')) throw invalidInput('Malformed where predicate: expected "is defined" or "is not defined".');
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
      return (resolve(document, predicate.path).length > 0) !== predicate.negate;
    case 'in': {
      const found = resolve(document, predicate.path).some((value) => predicate.values.some((v) => equal(predicate.path, value, v)));
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
