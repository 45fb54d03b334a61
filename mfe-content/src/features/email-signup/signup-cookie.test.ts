import { signupCookie, signupPromptSeen } from './signup-cookie';

describe('e-mail signup cookie', () => {
  it('lasts 30 days on the whole site', () => {
    const cookie = signupCookie('shown', new Date('2026-11-21T12:00:00Z'), false);
    expect(cookie).toContain('shop_email_signup=shown');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('Max-Age=2592000');
    expect(cookie).toContain('Expires=Mon, 21 Dec 2026 12:00:00 GMT');
    expect(cookie).not.toContain('Secure');
    expect(signupCookie('subscribed', new Date(), true)).toMatch(/; Secure$/);
  });

  it('is recognised among other cookies, and only by its exact name', () => {
    expect(signupPromptSeen('a=1; shop_email_signup=shown; b=2')).toBe(true);
    expect(signupPromptSeen('xshop_email_signup=shown')).toBe(false);
    expect(signupPromptSeen('')).toBe(false);
  });
});
