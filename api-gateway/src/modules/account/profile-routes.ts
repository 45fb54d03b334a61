import {
  addressDeleteQuerySchema,
  addressIdSchema,
  addressWriteSchema,
  emailChangeSchema,
  passwordChangeSchema,
  profileUpdateSchema,
} from '@shop/contracts';
import type { Request, Response, Router } from 'express';
import type { z } from 'zod';
import type { CommerceClient, CustomerProfile } from '../../clients/commercetools';
import type { SessionService } from '../../sessions/session-service';
import type { SessionClaims } from '../../sessions/session-token';
import { DomainError } from '../../shared/domain-error';
import type { Throttle } from '../../shared/throttle';
import { sessionUserFor } from '../auth/session-user';
import { type ProfileCaller, profileUseCases, toProfileResponse } from './profile-use-cases';

/** Parses a body; a nested field's problem is named by its own name (address.city -> city). */
function parseBody<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const name = issue.code === 'unrecognized_keys' ? issue.keys[0] : String(issue.path.at(-1) ?? 'body');
    fields[name] ??= issue.code === 'unrecognized_keys' ? 'is not a field of this form' : issue.message;
  }
  throw new DomainError('VALIDATION_FAILED', `Check these fields: ${Object.keys(fields).join(', ')}.`, fields);
}

const addressId = (req: Request) => {
  const parsed = addressIdSchema.safeParse(req.params.id);
  if (!parsed.success) throw new DomainError('ADDRESS_NOT_FOUND', 'This address is not among your saved addresses.');
  return parsed.data;
};

/**
 * /api/account/profile, /email, /password and /addresses: the signed-in customer's own data,
 * added to the account router (one mount for /api/account).
 */
export function addProfileRoutes(
  router: Router,
  { commerce, sessions, throttle }: { commerce: CommerceClient; sessions: SessionService; throttle: Throttle },
): Router {
  const useCases = profileUseCases(commerce, throttle);

  const signedIn = async (req: Request, res: Response): Promise<{ caller: ProfileCaller; claims: SessionClaims }> => {
    const claims = await sessions.read(req, res);
    if (!claims?.user.isLoggedIn) throw new DomainError('SessionRequired', 'Sign in to see your profile.');
    return {
      claims,
      caller: {
        storeKey: res.locals.brandId,
        customerId: claims.user.id,
        ip: req.ip ?? 'unknown',
        correlationId: res.locals.correlationId,
      },
    };
  };
  // The header greets the shopper by the session's names, so they follow the profile.
  const refreshSession = (req: Request, res: Response, claims: SessionClaims, profile: CustomerProfile) =>
    sessions.update(req, res, claims, sessionUserFor(profile));

  router.get('/profile', async (req, res) => {
    const { caller } = await signedIn(req, res);
    res.set('Cache-Control', 'no-store').json(toProfileResponse(await useCases.profile(caller)));
  });

  router.patch('/profile', async (req, res) => {
    const { caller, claims } = await signedIn(req, res);
    const input = parseBody(profileUpdateSchema, req.body);
    const profile = await useCases.updateNames(caller, input);
    await refreshSession(req, res, claims, profile);
    res.json(toProfileResponse(profile));
  });

  router.post('/email', async (req, res) => {
    const { caller, claims } = await signedIn(req, res);
    const input = parseBody(emailChangeSchema, req.body);
    const profile = await useCases.changeEmail(caller, input);
    await refreshSession(req, res, claims, profile);
    res.json(toProfileResponse(profile));
  });

  router.post('/password', async (req, res) => {
    const { caller, claims } = await signedIn(req, res);
    const input = parseBody(passwordChangeSchema, req.body);
    const profile = await useCases.changePassword(caller, input);
    // Every other session of the customer ends; this one goes on under a new id, with its privacy choices.
    await sessions.endAllFor(caller.customerId);
    await sessions.start(req, res, sessionUserFor(profile), { consent: claims.consent });
    res.json(toProfileResponse(profile));
  });

  router.get('/addresses', async (req, res) => {
    const { caller } = await signedIn(req, res);
    res.set('Cache-Control', 'no-store').json(toProfileResponse(await useCases.profile(caller)).addresses);
  });

  router.post('/addresses', async (req, res) => {
    const { caller } = await signedIn(req, res);
    const input = parseBody(addressWriteSchema, req.body);
    res.status(201).json(toProfileResponse(await useCases.addAddress(caller, input.address, input.version)));
  });

  router.put('/addresses/:id', async (req, res) => {
    const { caller } = await signedIn(req, res);
    const id = addressId(req);
    const input = parseBody(addressWriteSchema, req.body);
    res.json(toProfileResponse(await useCases.changeAddress(caller, id, input.address, input.version)));
  });

  router.delete('/addresses/:id', async (req, res) => {
    const { caller } = await signedIn(req, res);
    const id = addressId(req);
    const { version } = parseBody(addressDeleteQuerySchema, req.query);
    res.json(toProfileResponse(await useCases.removeAddress(caller, id, version)));
  });
  return router;
}
