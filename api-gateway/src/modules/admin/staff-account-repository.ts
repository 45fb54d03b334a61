import { createHash } from 'node:crypto';
import type { CommerceClient } from '../../clients/commercetools';
import { CommerceRequestError } from '../../clients/commercetools/commerce-request-error';
import { type StaffAccount, normaliseEmail, staffAccountSchema } from './staff-account';
import { type TotpSecretSeal, UnreadableTotpSecret, isSealedTotpSecret } from './totp-secret-seal';

/** Where staff accounts live: one versioned commerce custom object per account. */
export const STAFF_ACCOUNTS_CONTAINER = 'staff-accounts';

export interface StoredStaffAccount {
  version: number;
  account: StaffAccount;
}

/** A versioned write lost to another one (a sign-in and a role change at once): nothing was saved. */
export class StaffAccountConflict extends Error {
  constructor() {
    super('The staff account changed meanwhile; nothing was saved.');
    this.name = 'StaffAccountConflict';
  }
}

/** Custom object keys allow letters, digits and -_~. only: the key is a digest of the address. */
export const staffAccountKey = (email: string) => createHash('sha256').update(normaliseEmail(email)).digest('hex');

/**
 * Staff accounts in commerce, shared by every gateway instance and the staff CLI. Every write
 * names the version it read, so a sign-in recording its code's time step and a role change made
 * at the same moment cannot overwrite each other. The authenticator secret is sealed on every
 * write (`seal`, under the server secret the CLI and the gateways share), so an account still
 * holding it in clear from before is sealed at its next sign-in or change; it is opened only for
 * checking a code.
 */
export function staffAccountRepository(
  commerce: Pick<CommerceClient, 'getObject' | 'putObject'>,
  seal: TotpSecretSeal,
) {
  const sealed = (account: StaffAccount): StaffAccount =>
    isSealedTotpSecret(account.totp.secret)
      ? account
      : { ...account, totp: { ...account.totp, secret: seal.seal(account.totp.secret, account.email) } };
  return {
    async read(email: string, correlationId: string): Promise<StoredStaffAccount | undefined> {
      const found = await commerce.getObject(STAFF_ACCOUNTS_CONTAINER, staffAccountKey(email), { correlationId });
      if (!found) return undefined;
      const parsed = staffAccountSchema.safeParse(found.value);
      // An account we cannot read signs nobody in; it is never replaced silently.
      if (!parsed.success) throw new Error('Unreadable staff account');
      return { version: found.version, account: parsed.data };
    },

    /** Saves at `version` (0: creates, refused when the account exists), the authenticator secret sealed. */
    async write(account: StaffAccount, version: number, correlationId: string): Promise<StoredStaffAccount> {
      const stored = sealed(account);
      try {
        const saved = await commerce.putObject(
          STAFF_ACCOUNTS_CONTAINER,
          staffAccountKey(stored.email),
          stored,
          version,
          {
            correlationId,
          },
        );
        return { version: saved.version, account: stored };
      } catch (error) {
        if (error instanceof CommerceRequestError && error.code === 'ConcurrentModification')
          throw new StaffAccountConflict();
        throw error;
      }
    },

    /**
     * The account's base32 authenticator secret, for checking a code; undefined when it does not
     * open (sealed under another AUTH_SECRET, or altered).
     */
    totpSecret(account: StaffAccount): string | undefined {
      try {
        return seal.open(account.totp.secret, account.email);
      } catch (error) {
        if (error instanceof UnreadableTotpSecret) return undefined;
        throw error;
      }
    },
  };
}
export type StaffAccountRepository = ReturnType<typeof staffAccountRepository>;
