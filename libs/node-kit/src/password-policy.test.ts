import { checkPassword } from './password-policy';

describe('password policy', () => {
  it.each([
    ['short', 'too_short'],
    ['x'.repeat(129), 'too_long'],
    ['password123', 'common'],
    ['Password123!', 'common'],
    ['aaaaaaaaaa', 'common'],
    ['Hoopcraft2026', 'common'],
  ])('rejects %s as %s', (password, problem) => {
    expect(checkPassword(password, { brand: 'hoopcraft' })).toBe(problem);
  });

  it('rejects a password built on the e-mail address', () => {
    expect(checkPassword('ada.lovelace-1815', { email: 'adalovelace@example.com' })).toBe('contains_email');
  });

  it('accepts long passphrases with any characters and no composition rules', () => {
    expect(checkPassword('correct horse battery staple')).toBeUndefined();
    expect(checkPassword('zebra-orbit-lantern')).toBeUndefined();
    expect(checkPassword('ñandú über café ☕')).toBeUndefined();
  });
});
