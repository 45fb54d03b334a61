import { credentialsRequestSchema, normalisePassword } from '@shop/contracts';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { brandOf } from '../../entry-points/http/middleware/brand';
import { createCartHandOver, isCrossSite } from '../../shared/cart-hand-over';
import { parseForm } from '../../entry-points/http/parse-form';
import type { SessionUser } from '../../sessions/session-token';
import type { AppDeps } from '../app-deps';
import type { GatewayModule } from '../gateway-module';
import { createAnswerPacer } from './answer-pacer';
import { authRoutes } from './auth-routes';
import { authOpenApi } from './auth-openapi';
import { captchaRoutes } from './captcha-routes';
import { type SignInFailure, createPassport } from './passport-setup';
import { createPasswordVerifier } from './password-work';
import { postLoginRoutes } from './post-login-routes';
import { attemptSignIn } from './sign-in-attempt';
import { socialSignIn } from './social-sign-in';

export type AuthDeps = Pick<
  AppDeps,
  'config' | 'catalog' | 'logger' | 'sessions' | 'csrf' | 'commerce' | 'captcha' | 'throttle'
>;

/** Sign-in (credentials, guest, Google, Facebook), sessions, sign-out, the post-login cart move and the captcha challenge. */
export function authModule({
  config,
  catalog,
  logger,
  sessions,
  csrf,
  commerce,
  captcha,
  throttle,
}: AuthDeps): GatewayModule {
  const passwords = createPasswordVerifier();
  const pacer = createAnswerPacer();
  const handOver = createCartHandOver(commerce, logger);
  const signInWithCredentials = async (req: Request): Promise<SessionUser | SignInFailure> => {
    const res = req.res as Response;
    // A field that is not text under the one rule (NUL, lone surrogate, wrong type) is a 400, before any upstream call.
    const form = parseForm(credentialsRequestSchema, req.body);
    const fields = {
      email: form.email,
      password: normalisePassword(form.password),
      passwordAsTyped: form.password,
      captcha: form.captchaToken ?? form.captcha,
    };
    const { id } = brandOf(res, catalog);
    const correlationId = res.locals.correlationId;
    // The guest's bag goes with the login itself (UseAsNewActiveCustomerCart), then the hand-over completes.
    const bag = await handOver.guestBag(await sessions.read(req), isCrossSite(req), id, correlationId);
    const outcome = await attemptSignIn(
      {
        ...fields,
        storeKey: id,
        legacyMigration: await res.locals.flags.isOn('legacyPasswordMigration'),
        correlationId,
        ...(bag?.cartId ? { anonymousCartId: bag.cartId } : {}),
      },
      req.ip ?? 'unknown',
      { commerce, captcha, logger, throttle, passwords, pacer },
    );
    if (outcome.kind === 'signed-in') {
      res.locals.cartHandOver = await handOver.complete(id, outcome.user.id, bag, outcome.cartId, correlationId);
      return outcome.user;
    }
    return { failure: outcome.kind === 'unavailable' ? 'unavailable' : 'credentials' };
  };
  const passport = createPassport({
    secret: config.authSecret,
    credentials: signInWithCredentials,
    guest: async () => {
      const id = randomUUID();
      return { id, userId: id, isLoggedIn: false };
    },
    // The provider calls back cross-site; the OAuth state (bound to this browser by a cookie, issued
    // by a CSRF-checked POST on this site) proves the sign-in started here, so the guest's bag moves.
    social: async (req, profile) => {
      const res = req.res as Response;
      const storeKey = brandOf(res, catalog).id;
      const { correlationId } = res.locals;
      const claims = await sessions.read(req);
      const user = await socialSignIn(profile, storeKey, commerce, correlationId);
      if (user) {
        const bag = await handOver.guestBag(claims, false, storeKey, correlationId);
        res.locals.cartHandOver = await handOver.complete(storeKey, user.id, bag, undefined, correlationId);
      }
      return user;
    },
    google: config.google,
    facebook: config.facebook,
  });
  const socialAllowed = (res: Response) => res.locals.flags.isOn('socialLogin');
  return {
    name: 'auth',
    api: [
      {
        path: '/auth',
        router: authRoutes(sessions, csrf, passport, socialAllowed),
        body: { limit: '8kb', urlencoded: true },
      },
      { path: '/user', router: postLoginRoutes(sessions, commerce, handOver) },
      { path: '/captcha', router: captchaRoutes(captcha, throttle) },
    ],
    openapi: authOpenApi,
  };
}
