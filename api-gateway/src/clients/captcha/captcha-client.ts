import { timingSafeEqual } from 'node:crypto';
import type { Logger } from '@shop/node-kit';

export interface CaptchaOptions {
  verifyUrl: string;
  challengeUrl: string;
  secret: string;
  /** A known answer that always passes (automated tests). */
  internalSecret?: string;
  logger: Logger;
}

/** The captcha vendor: siteverify with our secret, reading `success` (SPEC §7). */
export function createCaptchaClient({ verifyUrl, challengeUrl, secret, internalSecret, logger }: CaptchaOptions) {
  return {
    async verify(answer: unknown): Promise<boolean> {
      if (typeof answer !== 'string' || answer.length === 0 || answer.length > 4096) return false;
      if (internalSecret && answer.length === internalSecret.length && timingSafeEqual(Buffer.from(answer), Buffer.from(internalSecret))) return true;
      try {
        const response = await fetch(verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret, response: answer }).toString(),
          signal: AbortSignal.timeout(5000),
        });
        const data = (await response.json()) as { success?: unknown };
        return data.success === true;
      } catch (error) {
        logger.error('Captcha verification unavailable', { error: (error as Error).message });
        return false;
      }
    },
    /** A fresh invisible-challenge token for the sign-in form. */
    async challenge(): Promise<string | undefined> {
      try {
        const response = await fetch(challengeUrl, { method: 'POST', signal: AbortSignal.timeout(5000) });
        const data = (await response.json()) as { token?: unknown };
        return typeof data.token === 'string' ? data.token : undefined;
      } catch (error) {
        logger.error('Captcha challenge unavailable', { error: (error as Error).message });
        return undefined;
      }
    },
  };
}
export type CaptchaClient = ReturnType<typeof createCaptchaClient>;
