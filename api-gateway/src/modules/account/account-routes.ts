import { normalisePassword, safePassword, safeText } from '@shop/contracts';
import { PASSWORD_MESSAGES, checkPassword } from '@shop/node-kit';
import type { Logger } from '@shop/node-kit';
import { type Request, type Response, Router } from 'express';
import { z } from 'zod';
import type { SessionService } from '../../sessions/session-service';
import { type CommerceClient, CommerceRequestError, PASSWORD_RESET_VALID_MINUTES } from '../../clients/commercetools';
import type { Mailer } from '../../data-access/mailer';
import { safeCallbackUrl } from '../auth/safe-callback-url';
import { sessionUserFor } from '../auth/session-user';
import type { BrandOrigins } from '../../shared/brand-origins';
import { originOf } from '../../entry-points/http/middleware/brand';
import type { BrandId } from '@shop/contracts';
import type { Throttle } from '../../shared/throttle';
import { DomainError } from '../../shared/domain-error';
import { parseForm } from '../../entry-points/http/parse-form';
import { serviceLabel } from '../../entry-points/http/middleware/service-label';
import { type CartHandOver, isCrossSite } from '../../shared/cart-hand-over';

const email = safeText({ message: 'Enter a valid e-mail address.' })
  .trim()
  .max(254)
  .regex(/^[^\s@]{1,64}@[^\s@]{1,189}\.[^\s@]{1,63}$/, { message: 'Enter a valid e-mail address.' });
const name = safeText({ message: 'Enter a name in plain text.' }).trim().min(1, { message: 'Required.' }).max(100);
// Normalised once here, so the policy check and the hash see the same password (see normalisePassword).
const password = safePassword({ message: 'Enter a password in plain text.' }).max(1024).transform(normalisePassword);
export const registerSchema = z.object({
  email,
  password,
  firstName: name,
  lastName: name,
  callbackUrl: safeText().max(2048).optional(),
  // A JSON boolean, or a checkbox as an HTML form sends it ("on" when ticked, absent when not).
  marketingOptIn: z
    .union([z.boolean(), z.enum(['on', 'true', 'false'])])
    .optional()
    .transform((value) => value === true || value === 'on' || value === 'true'),
});
export const forgotSchema = z.object({ email });
export const resetSchema = z.object({ token: safeText().min(16).max(256), newPassword: password });

function requirePolicy(password: string, context: { email?: string; brand: string }) {
  const problem = checkPassword(password, context);
  if (problem) throw new DomainError('WEAK_PASSWORD', PASSWORD_MESSAGES[problem]);
}

export interface AccountDeps {
  commerce: CommerceClient;
  sessions: SessionService;
  throttle: Throttle;
  mailer: Mailer;
  logger: Logger;
  origins: BrandOrigins;
  handOver: CartHandOver;
}

/** Registration, forgotten and reset passwords (SPEC §2, §7), all through the commerce API. */
export function accountRoutes({
  commerce,
  sessions,
  throttle,
  mailer,
  logger,
  origins,
  handOver,
}: AccountDeps): Router {
  const router = Router();
  router.use(serviceLabel('The account service'));
  const store = (res: Response): BrandId => res.locals.brandId;
  const ip = (req: Request) => req.ip ?? 'unknown';

  router.post('/register', async (req, res) => {
    const input = parseForm(registerSchema, req.body);
    requirePolicy(input.password, { email: input.email, brand: store(res) });
    if (!(await throttle.registrationAllowed(ip(req))))
      throw new DomainError('TOO_MANY_REQUESTS', 'Too many sign-ups from this address. Try again later.');
    const correlationId = res.locals.correlationId;
    const bag = await handOver.guestBag(await sessions.read(req), isCrossSite(req), store(res), correlationId);
    const customer = await commerce.signUpCustomer(
      store(res),
      {
        email: input.email,
        password: input.password,
        firstName: input.firstName,
        lastName: input.lastName,
        marketingOptIn: input.marketingOptIn,
      },
      { correlationId: res.locals.correlationId },
    );
    if ('duplicate' in customer) {
      throw new DomainError(
        'EMAIL_TAKEN',
        'An account with this e-mail address already exists. Sign in or reset your password.',
      );
    }
    // The guest's bag becomes the new customer's cart (SPEC §9).
    const moved = await handOver.complete(store(res), customer.id, bag, undefined, correlationId);
    await sessions.start(
      req,
      res,
      {
        id: customer.id,
        userId: customer.id,
        email: customer.email,
        firstname: customer.firstName,
        lastname: customer.lastName,
        isLoggedIn: true,
      },
      moved,
    );
    const url = safeCallbackUrl(input.callbackUrl, originOf(req), [], '/account');
    res.status(201).json({
      user: { id: customer.id, email: customer.email, firstname: customer.firstName, lastname: customer.lastName },
      url,
    });
  });

  // The same answer whether or not the e-mail has an account; the work happens after answering.
  router.post('/password/forgot', async (req, res) => {
    const input = parseForm(forgotSchema, req.body);
    const allowed = await throttle.passwordEmailAllowed(ip(req), input.email);
    res
      .status(202)
      .json({ message: 'If an account exists for this e-mail address, we have sent a link to reset the password.' });
    if (!allowed) return;
    const storeKey = store(res);
    // The brand's canonical origin, never the request's Host: a forged Host must not get the token.
    const link = (token: string) => `${origins.canonical(storeKey)}/password/reset?token=${encodeURIComponent(token)}`;
    void commerce
      .createPasswordResetToken(storeKey, input.email, {
        correlationId: res.locals.correlationId,
        expected: ['InvalidSubject'],
      })
      .then((token) =>
        mailer.send(storeKey, {
          kind: 'password-reset',
          to: input.email,
          resetUrl: link(token),
          validMinutes: PASSWORD_RESET_VALID_MINUTES,
        }),
      )
      .catch((error: unknown) => {
        if (!(error instanceof CommerceRequestError && error.code === 'InvalidSubject'))
          logger.error('Password e-mail failed', { correlationId: res.locals.correlationId, error: String(error) });
      });
  });

  router.post('/password/reset', async (req, res) => {
    const input = parseForm(resetSchema, req.body);
    requirePolicy(input.newPassword, { brand: store(res) });
    if (!(await throttle.passwordResetAllowed(ip(req))))
      throw new DomainError('TOO_MANY_REQUESTS', 'Too many attempts. Try again later.');
    let customerId: string;
    try {
      customerId = await commerce.resetPassword(store(res), input.token, input.newPassword, {
        correlationId: res.locals.correlationId,
        expected: ['InvalidSubject'],
      });
    } catch (error) {
      if (error instanceof CommerceRequestError && error.code === 'InvalidSubject') {
        throw new DomainError(
          'INVALID_RESET_TOKEN',
          'This reset link is invalid, has expired or was used already. Ask for a new one.',
        );
      }
      throw error;
    }
    // Whoever knew the old password (or held a session) is signed out everywhere (ASVS 3.3.3);
    // the shopper who just proved the e-mail is signed in afresh, keeping this browser's privacy
    // choices and, as any sign-in does, the bag they filled as a guest.
    const correlationId = res.locals.correlationId;
    const current = await sessions.read(req);
    const consent = current?.consent;
    const bag = await handOver.guestBag(current, isCrossSite(req), store(res), correlationId);
    await sessions.endAllFor(customerId);
    const customer = await commerce.customerProfile(store(res), customerId, { correlationId });
    if (!customer) {
      res.json({ message: 'Your password has been changed. Sign in with the new password.', url: '/login' });
      return;
    }
    const moved = await handOver.complete(store(res), customer.id, bag, undefined, correlationId);
    await sessions.start(req, res, sessionUserFor(customer), { ...moved, consent });
    res.json({ message: 'Your password has been changed and you are signed in.', url: '/account' });
  });
  return router;
}
