import { TRACKING_MAX_BODY_BYTES } from '@shop/contracts';
import { type RequestHandler, Router } from 'express';
import type { TrackingSink } from '../../data-access/tracking-sink';
import { recordTrackingEvent } from './record-tracking-event';
import type { Throttle } from '../../shared/throttle';
import { HttpError } from '../../errors';
import { DomainError } from '../../shared/domain-error';
import { parseBody } from '../../entry-points/http/middleware/json-body';
import { requireSameOrigin } from '../../entry-points/http/middleware/same-origin';
import { trackingSession } from '../../entry-points/http/middleware/tracking-session';
import type { SessionService } from '../../sessions/session-service';
import { effectiveConsent } from '../privacy/consent';

// text/plain was once accepted (a "simple" request any site can send without a preflight); only JSON now.
const requireJson: RequestHandler = (req, _res, next) => {
  if (!req.is('application/json'))
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the event as application/json');
  next();
};

/**
 * POST /api/tracking (mounted there; on the CSRF allow-list): one SPEC §3 event record per request; the browser does not read the reply.
 * Checks run cheapest first, and the rate limit comes before the body is even parsed: media
 * type (415), same origin (403), session cookie (issued here when missing), per-address and
 * per-session limits (429 with Retry-After), then body depth and the record itself (400).
 */
export function trackingApi(sink: TrackingSink, throttle: Throttle, sessions: SessionService): Router {
  const router = Router();
  const limit: RequestHandler = async (req, res, next) => {
    const { token } = trackingSession(req, res);
    res.locals.trackingSession = token;
    const verdict = await throttle.trackingAllowed(req.ip ?? 'unknown', token);
    if (!verdict.allowed) {
      res.set('retry-after', String(verdict.retryAfterSeconds));
      throw new DomainError('TOO_MANY_REQUESTS', 'Too many tracking events. Slow down.');
    }
    next();
  };
  // Analytics off (chosen, or Sec-GPC: 1): 204 and nothing read or appended.
  const consented: RequestHandler = async (req, res, next) => {
    if (!effectiveConsent(req, await sessions.read(req)).analytics) {
      res.status(204).end();
      return;
    }
    next();
  };
  router.post(
    '/',
    requireJson,
    requireSameOrigin,
    limit,
    consented,
    ...parseBody({ limit: TRACKING_MAX_BODY_BYTES }),
    (req, res) => {
      recordTrackingEvent(
        req.body,
        {
          brand: res.locals.brandId,
          correlationId: res.locals.correlationId,
          sessionToken: res.locals.trackingSession ?? '',
        },
        sink,
      );
      res.status(202).json({ accepted: true });
    },
  );
  return router;
}
