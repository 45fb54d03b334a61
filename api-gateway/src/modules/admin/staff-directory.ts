import { hashPassword } from '@shop/node-kit';
import { StaffAccountConflict, type StaffAccountRepository } from './staff-account-repository';
import { type StaffAccount, type StaffRoles, normaliseEmail } from './staff-account';
import { newTotpSecret } from './totp';

/** At least this long: staff passwords guard every brand's flags (with the second factor). */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}$/;

/**
 * Who may sign in to the admin, kept by the staff CLI: create an account (its second-factor
 * secret is answered once, for the authenticator app), set its roles, disable it. Each change is
 * a versioned write: one that loses to a sign-in made at the same moment is refused, never merged.
 */
export function staffDirectory(accounts: StaffAccountRepository, now: () => Date = () => new Date()) {
  const CORRELATION = 'staff-cli';
  const existing = async (email: string) => {
    const found = await accounts.read(email, CORRELATION);
    if (!found) throw new Error(`There is no staff account for ${normaliseEmail(email)}`);
    return found;
  };
  const update = async (email: string, change: (account: StaffAccount) => StaffAccount) => {
    const { version, account } = await existing(email);
    try {
      return (await accounts.write({ ...change(account), updatedAt: now().toISOString() }, version, CORRELATION))
        .account;
    } catch (error) {
      if (error instanceof StaffAccountConflict) throw new Error(`${account.email} changed meanwhile; run it again`);
      throw error;
    }
  };
  return {
    async create(input: { email: string; password: string; roles: StaffRoles }) {
      const email = normaliseEmail(input.email);
      if (!EMAIL.test(email)) throw new Error(`"${input.email}" is not an e-mail address`);
      if (input.password.length < STAFF_PASSWORD_MIN_LENGTH)
        throw new Error(`The password must have at least ${STAFF_PASSWORD_MIN_LENGTH} characters`);
      if (await accounts.read(email, CORRELATION)) throw new Error(`${email} already has a staff account`);
      const { secret, uri } = newTotpSecret(email);
      const at = now().toISOString();
      const account: StaffAccount = {
        email,
        passwordHash: await hashPassword(input.password),
        totp: { secret, lastStep: 0 },
        roles: input.roles,
        disabled: false,
        createdAt: at,
        updatedAt: at,
      };
      try {
        await accounts.write(account, 0, CORRELATION);
      } catch (error) {
        if (error instanceof StaffAccountConflict) throw new Error(`${email} already has a staff account`);
        throw error;
      }
      return { email, roles: account.roles, totpSecret: secret, totpUri: uri };
    },

    /** Replaces the account's roles with these (a brand left out: no access to it). */
    setRoles: async (email: string, roles: StaffRoles) =>
      (await update(email, (account) => ({ ...account, roles }))).roles,

    /** Signs the account out everywhere at its next request, and refuses its sign-ins. */
    disable: async (email: string) => {
      await update(email, (account) => ({ ...account, disabled: true }));
    },
  };
}
export type StaffDirectory = ReturnType<typeof staffDirectory>;
