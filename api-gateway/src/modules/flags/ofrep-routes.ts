import { type Request, type Response, Router } from 'express';
import { z } from 'zod';
import { type BrandFlags, etagOf } from './brand-flags';
import { clientContextSchema, flagContext } from './flag-context';
import type { BrandCatalog } from '@shop/brands';
import type { SessionService } from '../../sessions/session-service';

const requestSchema = z.strictObject({ context: clientContextSchema.optional() }).optional();

/**
 * An OFREP refusal: the gateway's one error shape, with OFREP's `errorCode` / `errorDetails`
 * (and the flag's `key`) beside it, so OpenFeature's OFREP providers read it as the protocol says.
 */
function refuse(res: Response, status: number, code: string, message: string, key?: string) {
  res.status(status).json({
    ...(key ? { key } : {}),
    errorCode: code,
    errorDetails: message,
    error: { code, message, correlationId: res.locals.correlationId ?? '' },
  });
}

/**
 * The OpenFeature Remote Evaluation Protocol (OFREP 0.2) for the browser, at
 * /api/ofrep/v1/evaluate/flags (all of the brand's flags, ETag / If-None-Match answered 304 when
 * nothing changed) and /api/ofrep/v1/evaluate/flags/{key} (one flag). The evaluation context is
 * the request's (flag-context.ts); the body's `context` adds attributes of its own but cannot
 * change the brand, the environment, the shopper's kind or the targeting key.
 */
export function ofrepRoutes(deps: {
  catalog: BrandCatalog;
  sessions: SessionService;
  flags: BrandFlags;
  environment: string;
}): Router {
  const router = Router();
  const contextOf = async (req: Request, res: Response) => {
    // A body that is not JSON (a form post) is refused rather than read as no context at all.
    if (req.body === undefined && (Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding'))) {
      refuse(res, 400, 'PARSE_ERROR', 'Send the evaluation context as application/json: { "context": { ... } }.');
      return undefined;
    }
    const parsed = requestSchema.safeParse(req.body ?? undefined);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      refuse(res, 400, 'INVALID_CONTEXT', `${['context', ...issue.path].join('.')}: ${issue.message}`);
      return undefined;
    }
    return flagContext(req, res, deps, parsed.data?.context);
  };

  router.post('/v1/evaluate/flags', async (req, res) => {
    const context = await contextOf(req, res);
    if (!context) return;
    const answer = { flags: deps.flags.evaluateAll(context.brand, context) };
    const etag = etagOf(answer);
    // Each shopper's answer is their own; a browser revalidates it on every poll.
    res.set({ etag, 'cache-control': 'private, no-cache', vary: 'Cookie, Host' });
    if (req.get('if-none-match') === etag) return void res.status(304).end();
    res.json(answer);
  });

  router.post('/v1/evaluate/flags/:key', async (req, res) => {
    const context = await contextOf(req, res);
    if (!context) return;
    const { key } = req.params;
    if (!deps.flags.has(context.brand, key))
      return refuse(res, 404, 'FLAG_NOT_FOUND', `The brand has no flag "${key}".`, key);
    res.set({ 'cache-control': 'private, no-store', vary: 'Cookie, Host' });
    res.json(deps.flags.evaluate(context.brand, key, context));
  });
  return router;
}
