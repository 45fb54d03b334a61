import { EMAIL_SIGNUP_COOKIE, EMAIL_SIGNUP_COOKIE_DAYS } from '@shop/contracts/browser';
import { parse } from 'cookie';

const DAY_MS = 86_400_000;

/** True when the signup modal was shown (or the visitor signed up) within the last 30 days. */
export function signupPromptSeen(cookie: string): boolean {
  return parse(cookie)[EMAIL_SIGNUP_COOKIE] !== undefined;
}

/** The cookie that keeps the modal away for 30 days (SPEC §9). */
export function signupCookie(value: 'shown' | 'subscribed', now: Date, secure: boolean): string {
  const expires = new Date(now.getTime() + EMAIL_SIGNUP_COOKIE_DAYS * DAY_MS).toUTCString();
  return `${EMAIL_SIGNUP_COOKIE}=${value}; Path=/; Expires=${expires}; Max-Age=${EMAIL_SIGNUP_COOKIE_DAYS * 86_400}; SameSite=Lax${secure ? '; Secure' : ''}`;
}
