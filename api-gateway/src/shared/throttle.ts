import type { RateLimiter } from '../data-access/rate-limiter';

const MINUTE = 60_000;

/**
 * Brute-force limits (ASVS 6.1.1/6.3.1). Wrong passwords are counted per account *and* address,
 * so an attacker elsewhere cannot lock the real customer out; each address also has an overall
 * budget across accounts.
 */
export const LIMITS = {
  signInFailuresPerAccountAndIp: { max: 10, windowMs: 15 * MINUTE },
  signInAttemptsPerIp: { max: 100, windowMs: 15 * MINUTE },
  registrationsPerIp: { max: 10, windowMs: 60 * MINUTE },
  passwordEmailsPerIp: { max: 10, windowMs: 60 * MINUTE },
  passwordEmailsPerAccount: { max: 5, windowMs: 60 * MINUTE },
  passwordResetsPerIp: { max: 20, windowMs: 60 * MINUTE },
  /** Well-formed contact messages: each files a CRM case, so one address cannot flood the queue. */
  contactMessagesPerIp: { max: 10, windowMs: 60 * MINUTE },
  /** E-mail signups: each writes a lead and may issue a code. */
  signupsPerIp: { max: 20, windowMs: 60 * MINUTE },
  /** Repeat signups e-mail the code again: a few times a day per address at most. */
  signupMailsPerAccount: { max: 3, windowMs: 24 * 60 * MINUTE },
  /**
   * Tracking events: a shopper browsing fast sends a few a minute (page and product views, cart
   * changes), so 120 a minute per session is far above real use; an address may hold several
   * shoppers (an office, a carrier NAT), hence five times that. Together with the log's size
   * cap, a flood costs a bounded amount of disk.
   */
  trackingEventsPerSession: { max: 120, windowMs: MINUTE },
  trackingEventsPerIp: { max: 600, windowMs: MINUTE },
  /** Order lookups by number and e-mail: a shopper needs a few; guessing e-mails for a number needs many. */
  orderLookupsPerIp: { max: 20, windowMs: 15 * MINUTE },
  orderLookupsPerOrder: { max: 10, windowMs: 60 * MINUTE },
  /**
   * Staff sign-ins guard every brand's flags: failures lock the account wherever they come from
   * (a second factor guessed from many addresses is still guessed), and each address has a budget.
   */
  staffSignInFailuresPerAccount: { max: 10, windowMs: 15 * MINUTE },
  staffSignInAttemptsPerIp: { max: 50, windowMs: 15 * MINUTE },
};

/** Allowed, or refused with the seconds until the exhausted window ends (Retry-After). */
export type Verdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const account = (email: string) => email.trim().toLowerCase();

export function createThrottle(limiter: RateLimiter) {
  const within = async (key: string, limit: { max: number; windowMs: number }) =>
    (await limiter.hit(key, limit.windowMs)) <= limit.max;
  return {
    /** Counts an attempt; false when the address or the account-at-address must wait. */
    async signInAllowed(ip: string, email: string): Promise<boolean> {
      if (!(await within(`signin:ip:${ip}`, LIMITS.signInAttemptsPerIp))) return false;
      return (await limiter.count(`signin:fail:${account(email)}:${ip}`)) < LIMITS.signInFailuresPerAccountAndIp.max;
    },
    signInFailed: (ip: string, email: string) =>
      limiter.hit(`signin:fail:${account(email)}:${ip}`, LIMITS.signInFailuresPerAccountAndIp.windowMs),
    signInSucceeded: (ip: string, email: string) => limiter.reset(`signin:fail:${account(email)}:${ip}`),
    /** Counts a staff sign-in attempt; false while the address is over budget or the account locked. */
    async staffSignInAllowed(ip: string, email: string): Promise<boolean> {
      if (!(await within(`staff-signin:ip:${ip}`, LIMITS.staffSignInAttemptsPerIp))) return false;
      return (await limiter.count(`staff-signin:fail:${account(email)}`)) < LIMITS.staffSignInFailuresPerAccount.max;
    },
    staffSignInFailed: (email: string) =>
      limiter.hit(`staff-signin:fail:${account(email)}`, LIMITS.staffSignInFailuresPerAccount.windowMs),
    staffSignInSucceeded: (email: string) => limiter.reset(`staff-signin:fail:${account(email)}`),
    registrationAllowed: (ip: string) => within(`register:ip:${ip}`, LIMITS.registrationsPerIp),
    async passwordEmailAllowed(ip: string, email: string) {
      const byIp = await within(`forgot:ip:${ip}`, LIMITS.passwordEmailsPerIp);
      return byIp && (await within(`forgot:account:${account(email)}`, LIMITS.passwordEmailsPerAccount));
    },
    passwordResetAllowed: (ip: string) => within(`reset:ip:${ip}`, LIMITS.passwordResetsPerIp),
    contactAllowed: (ip: string) => within(`contact:ip:${ip}`, LIMITS.contactMessagesPerIp),
    signupAllowed: (ip: string) => within(`signup:ip:${ip}`, LIMITS.signupsPerIp),
    signupMailAllowed: (email: string) => within(`signup:mail:${account(email)}`, LIMITS.signupMailsPerAccount),
    /** Counts one order lookup against the address and the order number. */
    async orderLookupAllowed(ip: string, orderNumber: string): Promise<Verdict> {
      const keys: Array<[string, { max: number; windowMs: number }]> = [
        [`order-lookup:ip:${ip}`, LIMITS.orderLookupsPerIp],
        [`order-lookup:order:${orderNumber}`, LIMITS.orderLookupsPerOrder],
      ];
      for (const [key, limit] of keys) {
        if (!(await within(key, limit)))
          return {
            allowed: false,
            retryAfterSeconds: Math.max(1, Math.ceil((await limiter.msUntilReset(key)) / 1000)),
          };
      }
      return { allowed: true };
    },
    /** Counts one tracking event against the address and the tracking session. */
    async trackingAllowed(ip: string, sessionToken: string): Promise<Verdict> {
      const keys: Array<[string, { max: number; windowMs: number }]> = [
        [`tracking:ip:${ip}`, LIMITS.trackingEventsPerIp],
        [`tracking:session:${sessionToken}`, LIMITS.trackingEventsPerSession],
      ];
      for (const [key, limit] of keys) {
        if (!(await within(key, limit)))
          return {
            allowed: false,
            retryAfterSeconds: Math.max(1, Math.ceil((await limiter.msUntilReset(key)) / 1000)),
          };
      }
      return { allowed: true };
    },
  };
}
export type Throttle = ReturnType<typeof createThrottle>;
