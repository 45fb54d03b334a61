import { type BrandId, trackingRecordSchema } from '@shop/contracts';
import type { TrackingSink } from '../data-access/tracking-sink';
import { HttpError } from '../errors';

interface Context {
  brand: BrandId;
  correlationId: string;
}

/** Validates a SPEC §3 tracking record and appends it to the log sink. */
export function recordTrackingEvent(body: unknown, context: Context, sink: TrackingSink): void {
  const parsed = trackingRecordSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
    throw new HttpError(400, 'INVALID_TRACKING_EVENT', `${where}${issue.message}`);
  }
  sink.append({ receivedAt: new Date().toISOString(), ...context, record: parsed.data });
}
