import { timingSafeEqual } from 'node:crypto';
import type { Logger } from '@shop/node-kit';
import {
  UPSTREAM_TIMEOUTS,
  UpstreamFault,
  type UpstreamGuard,
  createUpstreamGuard,
  upstreamFetch,
} from '../upstream-guard';

export interface CaptchaOptions {
  verifyUrl: string;
  challengeUrl: string;
  secret: string;
  /** A known answer that always passes (automated tests). */
  internalSecret?: string;
  logger: Logger;
  /** The captcha vendor's breaker. */
  guard?: UpstreamGuard;
}

/**
 * The captcha vendor: siteverify with our secret, reading `success` (SPEC §7). A vendor that does
 * not answer is an UpstreamUnavailableError, never a failed captcha: the shopper did nothing wrong.
 */
export function createCaptchaClient({
  verifyUrl,
  challengeUrl,
  secret,
  internalSecret,
  logger,
  guard = createUpstreamGuard('captcha', logger),
}: CaptchaOptions) {
  /** POSTs to the vendor and reads its JSON; a refused connection, 5xx or garbage is a fault. */
  const ask = (url: string, body: string | undefined) =>
    guard.run(() =>
      guard.within(UPSTREAM_TIMEOUTS.readMs, async (signal) => {
        const headers = body === undefined ? undefined : { 'content-type': 'application/x-www-form-urlencoded' };
        const response = await upstreamFetch(url, { method: 'POST', headers, body, signal }, 'The captcha vendor');
        const data = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
        if (response.status >= 500 || data === undefined) {
          logger.error('Captcha vendor failed', { status: response.status });
          throw new UpstreamFault(`The captcha vendor answered ${response.status}.`);
        }
        return data;
      }),
    );
  return {
    /** True when the vendor vouches for the answer; false when it refuses it. */
    async verify(answer: unknown): Promise<boolean> {
      if (typeof answer !== 'string' || answer.length === 0 || answer.length > 4096) return false;
      if (
        internalSecret &&
        answer.length === internalSecret.length &&
        timingSafeEqual(Buffer.from(answer), Buffer.from(internalSecret))
      )
        return true;
      const data = await ask(verifyUrl, new URLSearchParams({ secret, response: answer }).toString());
      return data.success === true;
    },
    /** A fresh invisible-challenge token for the sign-in form. */
    async challenge(): Promise<string> {
      const data = await ask(challengeUrl, undefined);
      if (typeof data.token !== 'string') throw new UpstreamFault('The captcha vendor issued no token.');
      return data.token;
    },
  };
}
export type CaptchaClient = ReturnType<typeof createCaptchaClient>;
