import { hashPassword } from '@shop/node-kit';
import { StaffAccountConflict, type StaffAccountRepository } from './staff-account-repository';
import { type StaffAccount, type StaffRoles, normaliseEmail } from './staff-account';
import { newTotpSecret } from './totp';
import { isSealedTotpSecret } from './totp-secret-seal';

/** At least this long: staff passwords guard every brand's flags (with the second factor). */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}$/;

const checkPassword = (password: string) => {
  if (password.length < STAFF_PASSWORD_MIN_LENGTH)
    throw new Error(`The password must have at least ${STAFF_PASSWORD_MIN_LENGTH} characters`);
};

/**
 * Who may sign in to the admin, kept by the staff CLI: create an account (its second-factor
 * secret is answered once, for the authenticator app), set its roles, password or authenticator,
 * disable and enable it. Each change is a versioned write: one that loses to a sign-in made at the
 * same moment is refused, never merged.
 */
export function staffDirectory(accounts: StaffAccountRepository, now: () => Date = () => new Date()) {
  const CORRELATION = 'staff-cli';
  const existing = async (email: string) => {
    const found = await accounts.read(email, CORRELATION);
    if (!found) throw new Error(`There is no staff account for ${normaliseEmail(email)}`);
    return found;
  };
  const update = async (email: string, change: (account: StaffAccount, at: string) => StaffAccount) => {
    const { version, account } = await existing(email);
    const at = now().toISOString();
    try {
      return (await accounts.write({ ...change(account, at), updatedAt: at }, version, CORRELATION)).account;
    } catch (error) {
      if (error instanceof StaffAccountConflict)
        throw new Error(
          `${account.email} changed meanwhile (a sign-in or another command); nothing was saved, run it again`,
        );
      throw error;
    }
  };
  return {
    async create(input: { email: string; password: string; roles: StaffRoles }) {
      const email = normaliseEmail(input.email);
      if (!EMAIL.test(email)) throw new Error(`"${input.email}" is not an e-mail address`);
      checkPassword(input.password);
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

    /** The account as an administrator may see it: never its password hash or second-factor secret. */
    async show(email: string) {
      const { account } = await existing(email);
      return {
        email: account.email,
        roles: account.roles,
        disabled: account.disabled,
        /** False for an account written before sealing, until its next sign-in or change. */
        totpSealed: isSealedTotpSecret(account.totp.secret),
        createdAt: account.createdAt,
        updatedAt: account.updatedAt,
        ...(account.sessionsEndedAt ? { sessionsEndedAt: account.sessionsEndedAt } : {}),
      };
    },

    /** Replaces the account's roles with these (a brand left out: no access to it). */
    setRoles: async (email: string, roles: StaffRoles) =>
      (await update(email, (account) => ({ ...account, roles }))).roles,

    /** A new password; every session of the account ends at its next request. */
    async setPassword(email: string, password: string) {
      checkPassword(password);
      const passwordHash = await hashPassword(password);
      await update(email, (account, at) => ({ ...account, passwordHash, sessionsEndedAt: at }));
    },

    /**
     * A new authenticator secret (answered once, like at creation) in place of a lost or exposed
     * one; codes of the old one stop working and every session of the account ends.
     */
    async resetTotp(email: string) {
      const { secret, uri } = newTotpSecret(normaliseEmail(email));
      const account = await update(email, (current, at) => ({
        ...current,
        totp: { secret, lastStep: 0 },
        sessionsEndedAt: at,
      }));
      return { email: account.email, totpSecret: secret, totpUri: uri };
    },

    /**
     * Refuses its sign-ins and ends its sessions at their next request; they stay ended when the
     * account is enabled again.
     */
    disable: async (email: string) => {
      await update(email, (account, at) => ({ ...account, disabled: true, sessionsEndedAt: at }));
    },

    /** Lets a disabled account sign in again (with its password and authenticator, as they were). */
    enable: async (email: string) => {
      await update(email, (account) => ({ ...account, disabled: false }));
    },
  };
}
export type StaffDirectory = ReturnType<typeof staffDirectory>;
