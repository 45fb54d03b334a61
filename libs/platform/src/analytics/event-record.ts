import { TRACKING_KEPT_FIELDS, type TrackingEventName, type TrackingRecord } from '@shop/contracts/browser';

export type TrackInput = { event: TrackingEventName } & Record<string, unknown>;

interface RecordContext {
  eventId: string;
  eventUrl: string;
  /** The gateway's sessionToken cookie; absent before the gateway has issued one. */
  sessionToken?: string;
}

/** Set by track() alone: a payload can never forge them. */
const OWN_FIELDS = new Set(['event', 'eventId', 'eventUrl', 'sessionToken']);

/**
 * The record sent to POST /api/tracking (SPEC §3): event, eventUrl, eventId and sessionToken,
 * plus only the fields the event keeps; events without a kept list are passed whole.
 */
export function buildTrackingRecord(input: TrackInput, context: RecordContext): TrackingRecord {
  const kept = TRACKING_KEPT_FIELDS[input.event];
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (OWN_FIELDS.has(key)) continue;
    if (kept === null || kept.includes(key)) extra[key] = value;
  }
  const { sessionToken, ...ids } = context;
  return { ...extra, event: input.event, ...ids, ...(sessionToken ? { sessionToken } : {}) } as TrackingRecord;
}
