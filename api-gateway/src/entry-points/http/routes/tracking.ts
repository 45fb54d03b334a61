import { TRACKING_MAX_BODY_BYTES } from '@shop/contracts';
import express, { Router } from 'express';
import type { TrackingSink } from '../../../data-access/tracking-sink';
import { recordTrackingEvent } from '../../../domain/record-tracking-event';
import { HttpError } from '../../../errors';

/** POST /api/tracking: one SPEC §3 event record per request; the browser does not read the reply. */
export function trackingApi(sink: TrackingSink): Router {
  const router = Router();
  router.post('/tracking', express.json({ limit: TRACKING_MAX_BODY_BYTES, type: ['application/json', 'text/plain'] }), (req, res) => {
    if (req.body === undefined) throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the event as application/json');
    recordTrackingEvent(req.body, { brand: res.locals.brandId, correlationId: res.locals.correlationId }, sink);
    res.status(202).json({ accepted: true });
  });
  return router;
}
