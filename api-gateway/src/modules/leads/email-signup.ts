import { createHash } from 'node:crypto';
import type { BrandConfig } from '@shop/brands';
import type { LeadRequest, LeadResponse } from '@shop/contracts';
import type { Mail } from '../../data-access/mailer';
import { isStillValid, welcomeCode, welcomeCodeValidity } from './welcome-code';

/**
 * The welcome discount (SPEC §9) a brand's signup codes apply: a 15% cart discount seeded per
 * store. Cart discount keys are unique across the project, so each carries its store, and a code
 * granting it works only in that brand's carts.
 */
export const welcomeCartDiscountKey = (brandId: string) => `${brandId}-welcome-15`;
const WELCOME_PERCENT_OFF = 15;
const CODE_ATTEMPTS = 3;
/**
 * The platform's rules for a welcome code (commerce code groups): single-use (maxApplications 1),
 * only on a first order of the e-mail or customer in the brand, and only for the e-mail it was
 * issued for (welcomeCodePredicate), checked when the code is added, once the bag has an e-mail,
 * and when the order is placed.
 */
export const WELCOME_CODE_GROUPS = ['welcome', 'first-order'];

/** Discount codes as commercetools has them: codes and keys unique across the project, in no store. */
export interface WelcomeCodeStore {
  createDiscountCode(
    draft: {
      code: string;
      key: string;
      cartDiscountKey: string;
      validFrom: string;
      validUntil: string;
      maxApplications: number;
      groups: string[];
      cartPredicate: string;
    },
    correlationId: string,
  ): Promise<{ id: string; code: string; validUntil?: string | null } | { duplicate: true }>;
  findDiscountCodeByKey(
    key: string,
    correlationId: string,
  ): Promise<{ code: string; validUntil?: string | null } | undefined>;
}

export interface LeadSink {
  submitLead(lead: {
    crm: BrandConfig['crm'];
    email: string;
    firstName?: string;
    placement?: string;
    correlationId?: string;
  }): Promise<{ id: string; created: boolean }>;
}

interface Deps {
  crm: LeadSink;
  codes: WelcomeCodeStore;
  /** Sends a mail of this brand; a mail that cannot go is the caller's to log, not the signup's to fail. */
  mailer: { send(storeKey: string, mail: Mail): Promise<void> };
  /** Whether this address may be sent its code again now (repeat signups must not flood an inbox). */
  mayResend: (email: string) => Promise<boolean>;
  /** Whether the brand takes codes now (its `discounts` flag): without, a signup issues no welcome code. */
  offers?: boolean;
  now?: () => Date;
}

/**
 * One welcome code per brand and e-mail, found again by this key (no e-mail stored in the key).
 * Keys are unique across the project, so the brand is part of it: two brands never collide.
 */
export const welcomeCodeKey = (brandId: string, email: string) =>
  `${brandId}-welcome-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 40)}`;

/**
 * A welcome code is for the address it was issued for (commercetools' cartPredicate on the cart's
 * customerEmail): commerce applies it only to a bag with that e-mail, or a signed-in customer's
 * with it, compared without case; a guest may add it before typing the address.
 */
export const welcomeCodePredicate = (email: string) =>
  `customerEmail = "${email
    .trim()
    .toLowerCase()
    .replace(/["\\]/g, (c) => `\\${c}`)}"`;

/**
 * An e-mail signup: the lead goes to the CRM (idempotent per e-mail), then a single-use code valid
 * 30 days is stored in commerce so checkout can redeem it. A repeat signup gets its code by e-mail
 * again (while it is valid, a few times a day at most) rather than on screen, so nobody can read
 * another person's code by typing their address.
 */
export async function signUpForEmail(
  brand: BrandConfig,
  request: LeadRequest,
  correlationId: string,
  { crm, codes, mailer, mayResend, offers = true, now = () => new Date() }: Deps,
): Promise<LeadResponse> {
  const lead = await crm.submitLead({
    crm: brand.crm,
    email: request.email,
    firstName: request.firstName,
    placement: request.placement,
    correlationId,
  });
  if (!offers) {
    // A brand that takes no codes now: the subscription alone, and a welcome that promises nothing.
    if (!lead.created) return { status: 'already-subscribed' };
    await mailer.send(brand.id, { kind: 'subscribed', to: request.email });
    return { status: 'subscribed' };
  }
  const key = welcomeCodeKey(brand.id, request.email);
  const cartDiscountKey = welcomeCartDiscountKey(brand.id);
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
    const issuedAt = now();
    const validity = welcomeCodeValidity(issuedAt);
    const code = welcomeCode(brand.crm.lead.codePrefix, issuedAt);
    const created = await codes.createDiscountCode(
      {
        code,
        key,
        cartDiscountKey,
        ...validity,
        maxApplications: 1,
        groups: WELCOME_CODE_GROUPS,
        cartPredicate: welcomeCodePredicate(request.email),
      },
      correlationId,
    );
    if (!('duplicate' in created)) {
      await mailer.send(brand.id, welcomeMail(request.email, created.code, validity.validUntil));
      return { status: 'subscribed', code: created.code, validUntil: validity.validUntil };
    }
    const existing = await codes.findDiscountCodeByKey(key, correlationId);
    if (existing) {
      // Only a code that still works is worth sending; one welcome code per address, ever.
      const stillValid = !existing.validUntil || isStillValid(existing.validUntil, now());
      if (stillValid && (await mayResend(request.email))) {
        await mailer.send(brand.id, welcomeMail(request.email, existing.code, existing.validUntil ?? undefined));
      }
      return { status: 'already-subscribed' };
    }
    // The random part collided with another code: draw again.
  }
  throw new Error('Could not issue a unique welcome code');
}

/** The welcome code's mail: the code, 15% off one order, until when. */
function welcomeMail(to: string, code: string, validUntil: string | undefined): Mail {
  return { kind: 'welcome-code', to, code, percentOff: WELCOME_PERCENT_OFF, ...(validUntil ? { validUntil } : {}) };
}
