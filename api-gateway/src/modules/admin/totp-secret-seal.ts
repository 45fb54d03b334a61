import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** `v1.{iv}.{ciphertext}.{tag}`, base64url: a 12-byte IV (16 characters), a 16-byte tag (22). */
export const SEALED_TOTP_SECRET = /^v1\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22,})\.([A-Za-z0-9_-]{22})$/;
/** What accounts written before sealing hold: the base32 secret as the authenticator app got it. */
export const CLEAR_TOTP_SECRET = /^[A-Z2-7]{16,}=*$/;

export const isSealedTotpSecret = (stored: string) => SEALED_TOTP_SECRET.test(stored);

/** A sealed secret that does not open: another key, another account's, or altered. */
export class UnreadableTotpSecret extends Error {
  constructor() {
    super('The staff account’s second-factor secret does not open with this server’s key.');
    this.name = 'UnreadableTotpSecret';
  }
}

/**
 * Staff authenticator secrets at rest: AES-256-GCM under a key derived from the server secret for
 * this purpose alone, a new IV each time, and the account's e-mail as additional data, so a sealed
 * secret copied onto another account does not open there.
 */
export function totpSecretSeal(serverSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'shop-staff-totp', 'Staff TOTP secret encryption key', 32));
  return {
    seal(secret: string, email: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(email));
      const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return ['v1', iv, ciphertext, cipher.getAuthTag()].map((part) => part.toString('base64url')).join('.');
    },

    /**
     * The base32 secret of what an account stores: opened when sealed, as it is when the account
     * was written before sealing. Throws UnreadableTotpSecret for a sealed value that does not open.
     */
    open(stored: string, email: string): string {
      if (CLEAR_TOTP_SECRET.test(stored)) return stored;
      const match = SEALED_TOTP_SECRET.exec(stored);
      if (!match) throw new UnreadableTotpSecret();
      const [iv, ciphertext, tag] = match.slice(1).map((part) => Buffer.from(part, 'base64url'));
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(email));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
      } catch {
        throw new UnreadableTotpSecret();
      }
    },
  };
}
export type TotpSecretSeal = ReturnType<typeof totpSecretSeal>;
