import type { BrandCatalog } from '@shop/brands';
import type { EvaluationContext } from '@openfeature/core';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { brandOf } from '../../entry-points/http/middleware/brand';
import type { SessionService } from '../../sessions/session-service';

/** What the browser may say about itself: flat attributes, short, few. */
export const clientContextSchema = z
  .record(
    z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/, 'an attribute name of letters, digits, _ . -'),
    z.union([z.string().max(256), z.number().finite(), z.boolean()]),
  )
  .refine((context) => Object.keys(context).length <= 32, 'at most 32 attributes');

/** Attributes only the server sets: the browser's values for them are replaced, never trusted. */
export const SERVER_ATTRIBUTES = ['targetingKey', 'brand', 'environment', 'userType', 'customerGroup'] as const;

/** The group of a browser that opened a manager's preview link (modules/admin/preview-routes.ts), until it expires. */
export const PREVIEWERS = 'previewers';

/**
 * The evaluation context of a request: the brand of the host, the environment, the shopper's
 * kind (guest or customer) and, as targeting key, the session's stable id (a guest's anonymous
 * id, a customer's id), so a percentage rollout gives a shopper the same answer on every page.
 * A request without a session has no targeting key: rollouts answer it with their default.
 * `customerGroup` is "previewers" while the session carries a preview grant (our commerce
 * customers have no customer group, so the grant is the only way in).
 */
export async function flagContext(
  req: Request,
  res: Response,
  deps: { catalog: BrandCatalog; sessions: SessionService; environment: string },
  client: Record<string, string | number | boolean> = {},
): Promise<EvaluationContext & { brand: string }> {
  const { id } = brandOf(res, deps.catalog);
  const claims = await deps.sessions.read(req);
  const trusted = Object.fromEntries(
    Object.entries(client).filter(([key]) => !(SERVER_ATTRIBUTES as readonly string[]).includes(key)),
  );
  return {
    ...trusted,
    ...(claims ? { targetingKey: claims.user.id } : {}),
    brand: id,
    environment: deps.environment,
    userType: claims?.user.isLoggedIn ? 'customer' : 'guest',
    ...(claims?.previewUntil && claims.previewUntil > Date.now() ? { customerGroup: PREVIEWERS } : {}),
  };
}
