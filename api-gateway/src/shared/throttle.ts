import type { RateLimiter } from '../data-access/rate-limiter';
import { addressBlock } from './address-block';

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
  /**
   * Order lookups by number and e-mail: a shopper needs a few; guessing e-mails for a number needs
   * many. Counted per address and per address-and-number, never per number alone: wrong e-mails
   * sent from one address must not lock the order's owner out at another.
   */
  orderLookupsPerIp: { max: 20, windowMs: 15 * MINUTE },
  orderLookupsPerIpAndOrder: { max: 10, windowMs: 60 * MINUTE },
  /**
   * Listing and search pages, each a server render reading the catalog: a shopper paging and
   * filtering quickly opens a few a minute, so 120 a minute per address is far above real use
   * (an office or carrier NAT included), while a flood of made-up searches stops there.
   */
  listingPagesPerIp: { max: 120, windowMs: MINUTE },
  /**
   * Invisible-captcha answers handed out, per address block: one per sign-in, contact message and
   * order attempt, so a person never needs 60 in a quarter of an hour; a card tester minting one
   * per stolen number does.
   */
  captchaChallengesPerIp: { max: 60, windowMs: 15 * MINUTE },
  /**
   * Listing and quick-search queries the response cache does not hold (popular pages and searches
   * are held and never counted): quick search asks as the shopper types, hence twice the pages'.
   */
  catalogQueriesPerIp: { max: 240, windowMs: MINUTE },
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
  /** Counts one against each limit in turn; the first exhausted one refuses, with its Retry-After. */
  const verdictOf = async (keys: Array<[string, { max: number; windowMs: number }]>): Promise<Verdict> => {
    for (const [key, limit] of keys) {
      if (!(await within(key, limit)))
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil((await limiter.msUntilReset(key)) / 1000)),
        };
    }
    return { allowed: true };
  };
  return {
    /**
     * Reserves a password attempt before the password is checked: counted as a failure up front by
     * one atomic increment, so concurrent attempts each take a place and at most the limit's worth
     * are ever checked (reading the count first and adding after let a burst all through). False
     * when the address or the account-at-address must wait. A success resets the count
     * (signInSucceeded); an attempt that reached no verdict gives its place back (signInReleased).
     */
    async signInReserved(ip: string, email: string): Promise<boolean> {
      if (!(await within(`signin:ip:${ip}`, LIMITS.signInAttemptsPerIp))) return false;
      return within(`signin:fail:${account(email)}:${ip}`, LIMITS.signInFailuresPerAccountAndIp);
    },
    signInReleased: (ip: string, email: string) => limiter.release(`signin:fail:${account(email)}:${ip}`),
    signInSucceeded: (ip: string, email: string) => limiter.reset(`signin:fail:${account(email)}:${ip}`),
    /** As signInReserved, for staff: the account's failures from anywhere, and the address's attempts. */
    async staffSignInReserved(ip: string, email: string): Promise<boolean> {
      if (!(await within(`staff-signin:ip:${ip}`, LIMITS.staffSignInAttemptsPerIp))) return false;
      return within(`staff-signin:fail:${account(email)}`, LIMITS.staffSignInFailuresPerAccount);
    },
    staffSignInReleased: (email: string) => limiter.release(`staff-signin:fail:${account(email)}`),
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
    /** Counts one order lookup against the address, and the order number as asked from that address. */
    orderLookupAllowed: (ip: string, orderNumber: string) =>
      verdictOf([
        [`order-lookup:ip:${ip}`, LIMITS.orderLookupsPerIp],
        [`order-lookup:order:${orderNumber}:ip:${ip}`, LIMITS.orderLookupsPerIpAndOrder],
      ]),
    /** Counts one invisible-captcha answer handed out against the address's block (an IPv6 /64). */
    captchaChallengeAllowed: (ip: string) =>
      verdictOf([[`captcha:ip:${addressBlock(ip)}`, LIMITS.captchaChallengesPerIp]]),
    /** Counts one listing or search page render against the address. */
    listingPageAllowed: (ip: string) => verdictOf([[`browse:page:ip:${ip}`, LIMITS.listingPagesPerIp]]),
    /** Counts one catalog query that misses the cache against the address. */
    catalogQueryAllowed: (ip: string) => verdictOf([[`browse:query:ip:${ip}`, LIMITS.catalogQueriesPerIp]]),
    /** Counts one tracking event against the address and the tracking session. */
    trackingAllowed: (ip: string, sessionToken: string) =>
      verdictOf([
        [`tracking:ip:${ip}`, LIMITS.trackingEventsPerIp],
        [`tracking:session:${sessionToken}`, LIMITS.trackingEventsPerSession],
      ]),
    /** The counters themselves, for limits kept beside their use (card declines: orders/decline-limits.ts). */
    limiter,
  };
}
export type Throttle = ReturnType<typeof createThrottle>;
