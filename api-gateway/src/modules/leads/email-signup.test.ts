import { renderMail } from '@shop/mail';
import { testMailBrand } from '@shop/mail/testing';
import type { Mail } from '../../data-access/mailer';
import type { BrandConfig } from '@shop/brands';
import type { LeadRequest } from '@shop/contracts';
import { type WelcomeCodeStore, signUpForEmail, welcomeCartDiscountKey, welcomeCodeKey } from './email-signup';

const brand = { id: 'everwear', name: 'Everwear', crm: { lead: { codePrefix: 'EW' } } } as unknown as BrandConfig;
const MAIL_BRAND = testMailBrand('http://everwear.localhost');
const request: LeadRequest = { email: 'Sam@Example.com', placement: 'footer' };
const now = new Date('2026-11-21T15:00:00Z');

function fakes(existing?: { code: string; validUntil?: string }, collisions = 0) {
  const mail: string[] = [];
  const drafts: Array<{ code: string; key: string; cartDiscountKey: string; cartPredicate: string }> = [];
  const lookedUp: string[] = [];
  const codes: WelcomeCodeStore = {
    async createDiscountCode(draft) {
      drafts.push(draft);
      if (existing || drafts.length <= collisions) return { duplicate: true };
      return { id: 'id-1', code: draft.code, validUntil: draft.validUntil };
    },
    async findDiscountCodeByKey(key) {
      lookedUp.push(key);
      return existing;
    },
  };
  const deps = {
    crm: { submitLead: async () => ({ id: 'lead-1', created: !existing }) },
    codes,
    // What the shopper reads: the mail rendered as text.
    mailer: { send: async (_storeKey: string, message: Mail) => void mail.push(renderMail(MAIL_BRAND, message).text) },
    mayResend: async () => true,
    now: () => now,
  };
  return { deps, mail, drafts, lookedUp };
}

describe('e-mail signup', () => {
  it('on a brand that takes no codes (discounts off), subscribes with no code and a mail that promises none', async () => {
    const { deps, mail, drafts } = fakes();
    expect(await signUpForEmail(brand, request, 'c-1', { ...deps, offers: false })).toEqual({ status: 'subscribed' });
    expect(drafts).toEqual([]);
    expect(mail).toHaveLength(1);
    expect(mail[0]).not.toMatch(/code|%|off/i);
    const again = fakes({ code: 'EW-WELCOME-1101-ABCDEF' });
    expect(await signUpForEmail(brand, request, 'c-2', { ...again.deps, offers: false })).toEqual({
      status: 'already-subscribed',
    });
    expect(again.mail).toEqual([]);
  });

  it('issues a code keyed by the lower-cased e-mail, valid 30 days, and mails it', async () => {
    const { deps, mail, drafts } = fakes();
    const result = await signUpForEmail(brand, request, 'c-1', deps);
    expect(result).toEqual({
      status: 'subscribed',
      code: expect.stringMatching(/^EW-WELCOME-1121-/),
      validUntil: '2026-12-21T15:00:00.000Z',
    });
    expect(drafts[0].key).toBe(welcomeCodeKey('everwear', 'sam@example.com'));
    expect(drafts[0].key).not.toContain('sam');
    expect(drafts[0].cartDiscountKey).toBe('everwear-welcome-15');
    // Bound to the address it is sent to: commerce applies it only to a bag with that e-mail.
    expect(drafts[0].cartPredicate).toBe(`customerEmail = "${request.email.trim().toLowerCase()}"`);
    expect(mail[0]).toContain(result.status === 'subscribed' ? result.code : '-');
  });

  it("keys each brand's code apart and grants the brand's own welcome discount, as keys are project-wide", () => {
    const everwear = welcomeCodeKey('everwear', 'sam@example.com');
    const hoopcraft = welcomeCodeKey('hoopcraft', ' SAM@example.com ');
    expect(everwear).toMatch(/^everwear-welcome-[0-9a-f]{40}$/);
    expect(hoopcraft).toMatch(/^hoopcraft-welcome-[0-9a-f]{40}$/);
    expect(everwear.slice('everwear'.length)).toBe(hoopcraft.slice('hoopcraft'.length));
    expect(welcomeCartDiscountKey('hoopcraft')).toBe('hoopcraft-welcome-15');
  });

  it('draws again when the random part collides with another code', async () => {
    const { deps, drafts } = fakes(undefined, 1);
    await expect(signUpForEmail(brand, request, 'c-1', deps)).resolves.toMatchObject({ status: 'subscribed' });
    expect(drafts).toHaveLength(2);
    expect(drafts[0].code).not.toBe(drafts[1].code);
  });

  it('mails a still-valid code again on a repeat signup, without showing it', async () => {
    const { deps, mail, lookedUp } = fakes({ code: 'EW-WELCOME-1101-ABCDEF', validUntil: '2026-12-01T00:00:00Z' });
    await expect(signUpForEmail(brand, request, 'c-1', deps)).resolves.toEqual({ status: 'already-subscribed' });
    expect(lookedUp).toEqual([welcomeCodeKey('everwear', 'sam@example.com')]);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toContain('EW-WELCOME-1101-ABCDEF');
  });

  it('sends nothing for an expired code, or when the address had enough mail today', async () => {
    const expired = fakes({ code: 'EW-WELCOME-0901-ABCDEF', validUntil: '2026-10-01T00:00:00Z' });
    await expect(signUpForEmail(brand, request, 'c-1', expired.deps)).resolves.toEqual({
      status: 'already-subscribed',
    });
    expect(expired.mail).toEqual([]);
    const limited = fakes({ code: 'EW-WELCOME-1101-ABCDEF', validUntil: '2026-12-01T00:00:00Z' });
    await signUpForEmail(brand, request, 'c-1', { ...limited.deps, mayResend: async () => false });
    expect(limited.mail).toEqual([]);
  });
});
