import { CommerceError } from '../../errors';
import { equalities, matches, parsePredicate } from './predicate';

const customer = {
  email: 'Ann@Example.com',
  firstName: 'Ann',
  version: 3,
  stores: [{ key: 'vanityfair' }, { key: 'everwear' }],
  custom: { fields: { legacyHash: '$scrypt$...' } },
};

describe('where predicates', () => {
  it.each([
    ['email = "ann@example.com"', true],
    ['email="ann@example.com" and stores(key="everwear")', true],
    ['email="ann@example.com" and stores(key="hoopcraft")', false],
    ['firstName in ("Bo", "Ann")', true],
    ['firstName not in ("Bo", "Ann")', false],
    ['version >= 3 and version < 4', true],
    ['custom(fields(legacyHash is defined))', true],
    ['lastName is not defined', true],
    ['not(firstName = "Ann") or version = 3', true],
    ['(firstName = "Bo" or firstName = "Ann") and version != 2', true],
  ])('%s -> %s', (where, expected) => {
    expect(matches(customer, parsePredicate(where))).toBe(expected);
  });

  it.each(['email =', 'email = "a" and', 'email ~ "a"', '"a" = email', 'stores(key="x"', 'email = "unterminated'])(
    'rejects malformed %s',
    (where) => {
      expect(() => parsePredicate(where)).toThrow(/where predicate/);
    },
  );

  it('reads the escapes JSON allows, including surrogate pairs', () => {
    const value = (where: string) => (parsePredicate(where) as { value: unknown }).value;
    expect(value('firstName = "a\\"b\\\\c\\/d\\b\\f\\n\\r\\t"')).toBe('a"b\\c/d\b\f\n\r\t');
    expect(value('firstName = "\\u00e9\\uD83D\\uDE00"')).toBe('\u00e9\u{1F600}');
    expect(value('firstName = "\u{1F600}"')).toBe('\u{1F600}');
  });

  it.each([
    ['a bad escape', 'email="a\\q"', /unknown escape/],
    ['an incomplete \\u escape', 'email="a\\u12"', /incomplete \\u escape/],
    ['an escaped NUL', 'email="a\\u0000"', /NUL/],
    ['an unterminated string', 'email="abc', /not terminated/],
    ['a backslash at the end', 'email="abc\\', /not terminated/],
    ['a raw NUL', 'email="a\u0000b"', /control character \(U\+0000\)/],
    ['a raw newline', 'email="a\nb"', /control character \(U\+000A\)/],
    ['a raw DEL', 'email="a\u007fb"', /control character \(U\+007F\)/],
    ['a raw lone high surrogate', 'email="a\uD800b"', /unpaired UTF-16 surrogate/],
    ['a raw lone low surrogate', 'email="\uDC00"', /unpaired UTF-16 surrogate/],
    ['an escaped lone surrogate', 'email="\\uD83D"', /unpaired UTF-16 surrogate/],
    ['an escaped reversed pair', 'email="\\uDE00\\uD83D"', /unpaired UTF-16 surrogate/],
    ['a NUL outside a string', 'email\u0000="a"', /Malformed where predicate at position 5/],
  ])('refuses %s as InvalidInput', (_name, where, message) => {
    let error: unknown;
    try {
      parsePredicate(where);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CommerceError);
    expect(error).toMatchObject({ statusCode: 400, code: 'InvalidInput', message: expect.stringMatching(message) });
  });

  it('extracts top-level equalities for indexed lookups', () => {
    expect(Object.fromEntries(equalities(parsePredicate('email="a@b.co" and stores(key="vanityfair")')))).toEqual({
      email: 'a@b.co',
      'stores.key': 'vanityfair',
    });
  });
});
