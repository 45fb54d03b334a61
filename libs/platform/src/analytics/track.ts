import { toDataLayerEvent } from './data-layer';
import { type TrackInput, buildTrackingRecord } from './event-record';
import { currentConsent } from './consent';
import { readSessionToken } from './session-token';

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

/**
 * Tracks one event: sends the SPEC §3 record to the gateway (the response is not read) and
 * pushes the sanitised GA4-named event to window.dataLayer. Never throws into the caller.
 */
export function track(input: TrackInput): void {
  // Analytics off (the shopper's choice, or Global Privacy Control): nothing is sent and nothing reaches the data layer.
  if (!currentConsent().analytics) return;
  const eventId = crypto.randomUUID();
  const record = buildTrackingRecord(input, {
    eventId,
    eventUrl: location.href,
    sessionToken: readSessionToken(),
  });
  void fetch('/api/tracking', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(record),
    credentials: 'same-origin',
    keepalive: true,
  }).catch(() => undefined);
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(toDataLayerEvent(input, eventId));
}
