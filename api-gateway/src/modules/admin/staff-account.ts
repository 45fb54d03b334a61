import { z } from 'zod';
import { CLEAR_TOTP_SECRET, SEALED_TOTP_SECRET } from './totp-secret-seal';

/** What a staff member may do on a brand: read its flags and audit, or also change them. A brand not listed: nothing. */
export const STAFF_ROLES = ['viewer', 'manager'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export type StaffRoles = Record<string, StaffRole>;

const RANK: Record<StaffRole, number> = { viewer: 1, manager: 2 };

/** Whether holding `held` on a brand is enough for what needs `needed` there. */
export const roleAllows = (held: StaffRole | undefined, needed: StaffRole) =>
  held !== undefined && RANK[held] >= RANK[needed];

/** Staff e-mails are compared lower-cased and trimmed: one account per address, however it is typed. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export const staffAccountSchema = z.object({
  email: z.string().min(3).max(320),
  /** `$scrypt$...` from @shop/node-kit's hashPassword, the same format customers' hashes have. */
  passwordHash: z.string().min(1),
  totp: z.object({
    /**
     * Sealed (`v1.…`, totp-secret-seal.ts). An account written before sealing holds the base32
     * secret in clear, as does one about to be written: the repository seals it on every write.
     */
    secret: z.union([z.string().regex(SEALED_TOTP_SECRET), z.string().regex(CLEAR_TOTP_SECRET)]),
    /** The last time step a code was accepted for: a code for it or an earlier one is refused (replay). */
    lastStep: z.number().int().min(0),
  }),
  roles: z.record(z.string(), z.enum(STAFF_ROLES)),
  disabled: z.boolean(),
  /** Sessions started before this time end at their next request (a new authenticator or password). */
  sessionsEndedAt: z.iso.datetime().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

/** Whether a session started at `startedAtMs` still holds: the account is enabled and nothing ended it since. */
export const sessionHolds = (account: StaffAccount, startedAtMs: number) =>
  !account.disabled && (account.sessionsEndedAt === undefined || startedAtMs >= Date.parse(account.sessionsEndedAt));

/** The part of an account a session and the admin API show: never the hash or the second factor. */
export const publicStaff = (account: StaffAccount) => ({ email: account.email, roles: account.roles });
export type PublicStaff = ReturnType<typeof publicStaff>;

/**
 * `brand=role` pairs (the CLI's `--role hoopcraft=manager`), checked against the brands the shop
 * runs; a brand named twice is a mistake, not a choice of the later one.
 */
export function parseRoles(pairs: string[], brands: readonly string[]): StaffRoles {
  const roles: StaffRoles = {};
  for (const pair of pairs) {
    const match = /^([a-z][a-z0-9-]*)=([a-z]+)$/.exec(pair.trim());
    if (!match) throw new Error(`"${pair}" is not brand=role (for example hoopcraft=manager)`);
    const [, brand, role] = match;
    if (!brands.includes(brand)) throw new Error(`There is no brand "${brand}". Brands: ${brands.join(', ')}`);
    if (!(STAFF_ROLES as readonly string[]).includes(role))
      throw new Error(`"${role}" is not a role. Roles: ${STAFF_ROLES.join(', ')}`);
    if (roles[brand]) throw new Error(`${brand} is given a role twice`);
    roles[brand] = role as StaffRole;
  }
  return roles;
}
