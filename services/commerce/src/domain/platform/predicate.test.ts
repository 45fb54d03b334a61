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

  it('extracts top-level equalities for indexed lookups', () => {
    expect(Object.fromEntries(equalities(parsePredicate('email="a@b.co" and stores(key="vanityfair")')))).toEqual({
      email: 'a@b.co',
      'stores.key': 'vanityfair',
    });
  });
});
