import { type BrandId, trackingRecordSchema } from '@shop/contracts';
import type { TrackingSink } from '../../data-access/tracking-sink';
import { DomainError } from '../../shared/domain-error';

interface Context {
  brand: BrandId;
  correlationId: string;
  /** The tracking session the gateway issued (the sessionToken cookie). */
  sessionToken: string;
}

/**
 * Validates a SPEC §3 tracking record and appends it to the log sink under the cookie's session
 * token: a record naming another session is refused, so one browser cannot write events into
 * someone else's session.
 */
export function recordTrackingEvent(body: unknown, context: Context, sink: TrackingSink): void {
  const parsed = trackingRecordSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
    throw new DomainError('INVALID_TRACKING_EVENT', `${where}${issue.message}`);
  }
  if (parsed.data.sessionToken !== undefined && parsed.data.sessionToken !== context.sessionToken) {
    throw new DomainError('SESSION_TOKEN_MISMATCH', 'sessionToken: must be the value of the sessionToken cookie');
  }
  sink.append({
    receivedAt: new Date().toISOString(),
    brand: context.brand,
    correlationId: context.correlationId,
    record: { ...parsed.data, sessionToken: context.sessionToken },
  });
}
