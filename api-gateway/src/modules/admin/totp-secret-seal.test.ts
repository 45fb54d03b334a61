import { generateSecret } from 'otplib';
import { SEALED_TOTP_SECRET, UnreadableTotpSecret, isSealedTotpSecret, totpSecretSeal } from './totp-secret-seal';

const SERVER_SECRET = 'test-auth-secret-0123456789abcdef0123456789';
/** An authenticator secret as the staff CLI makes them (made here, never written in the repository). */
const SECRET = generateSecret();

/** `sealed` with one of its base64url parts changed by one character. */
function altered(sealed: string, part: 1 | 2 | 3) {
  const parts = sealed.split('.');
  parts[part] = (parts[part][0] === 'A' ? 'B' : 'A') + parts[part].slice(1);
  return parts.join('.');
}

describe('sealed TOTP secrets', () => {
  const seal = totpSecretSeal(SERVER_SECRET);

  it('opens what it sealed for the same account, and never shows the secret in the sealed form', () => {
    const sealed = seal.seal(SECRET, 'ana@example.com');
    expect(sealed).toMatch(SEALED_TOTP_SECRET);
    expect(isSealedTotpSecret(sealed)).toBe(true);
    expect(sealed).not.toContain(SECRET);
    expect(seal.open(sealed, 'ana@example.com')).toBe(SECRET);
  });

  it('seals with a new IV each time, so one secret never seals to the same text twice', () => {
    const [first, second] = [seal.seal(SECRET, 'ana@example.com'), seal.seal(SECRET, 'ana@example.com')];
    expect(first.split('.')[1]).not.toBe(second.split('.')[1]);
    expect(first).not.toBe(second);
    expect(seal.open(second, 'ana@example.com')).toBe(SECRET);
  });

  it('refuses a sealed secret moved onto another account (the e-mail is the additional data)', () => {
    const sealed = seal.seal(SECRET, 'ana@example.com');
    expect(() => seal.open(sealed, 'ben@example.com')).toThrow(UnreadableTotpSecret);
  });

  it('refuses a sealed secret whose tag, ciphertext or IV was altered', () => {
    const sealed = seal.seal(SECRET, 'ana@example.com');
    for (const part of [3, 2, 1] as const)
      expect(() => seal.open(altered(sealed, part), 'ana@example.com')).toThrow(UnreadableTotpSecret);
  });

  it('refuses a secret sealed under another server secret', () => {
    const sealed = totpSecretSeal('another-auth-secret-0123456789abcdef012345').seal(SECRET, 'ana@example.com');
    expect(() => seal.open(sealed, 'ana@example.com')).toThrow(UnreadableTotpSecret);
  });

  it('answers a clear base32 secret of an account written before sealing as it is, and refuses anything else', () => {
    expect(isSealedTotpSecret(SECRET)).toBe(false);
    expect(seal.open(SECRET, 'ana@example.com')).toBe(SECRET);
    for (const stored of ['', 'v2.abc.def.ghi', 'not base32 at all', `v1.${'A'.repeat(16)}.short.${'A'.repeat(22)}`])
      expect(() => seal.open(stored, 'ana@example.com')).toThrow(UnreadableTotpSecret);
  });
});
