import { cartMatches, parseCodePredicate } from './discount-code-predicate';

describe('a code issued for an e-mail (customerEmail cart predicate)', () => {
  const predicate = 'customerEmail = "me@example.com"';

  it('matches only a cart with that e-mail, without case', () => {
    expect(cartMatches(predicate, { email: 'Me@Example.com' })).toBe(true);
    expect(cartMatches(predicate, { email: 'me+2@example.com' })).toBe(false);
    expect(cartMatches(predicate, { email: 'you@example.com' })).toBe(false);
  });

  it('lets a cart with no e-mail yet keep it, except when the order is placed', () => {
    expect(cartMatches(predicate, {})).toBe(true);
    expect(cartMatches(predicate, {}, { emailRequired: true })).toBe(false);
  });

  it('reads escaped quotes and backslashes, and refuses anything that is not one address', () => {
    expect(parseCodePredicate('customerEmail = "a\\"b@example.com"')).toEqual({
      kind: 'email',
      email: 'a"b@example.com',
    });
    for (const bad of ['customerEmail = "a"b@example.com"', 'customerEmail = "nobody"', 'customerEmail = "a@b@c"'])
      expect(() => parseCodePredicate(bad)).toThrow(/cartPredicate/);
  });
});
