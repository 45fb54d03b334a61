import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';

/**
 * What each upstream added to one request, as a `Server-Timing` header (W3C Server Timing):
 * `commerce;dur=41.2, payment;dur=12.0, ...`, the summed time of that upstream's calls while the
 * request was served. The routes that use it (order placement) are the ones whose latency is
 * made of vendor calls; the checkout bench reads it to say what each vendor adds.
 */
const timings = new AsyncLocalStorage<Map<string, number>>();

/** Adds `ms` to `upstream`'s time in the request being served, if it records timings. */
export function recordUpstreamTime(upstream: string, ms: number): void {
  const current = timings.getStore();
  if (current) current.set(upstream, (current.get(upstream) ?? 0) + ms);
}

/** Records the upstream times of the requests it runs for, sent as Server-Timing with the answer's headers. */
export const serverTiming: RequestHandler = (_req, res, next) => {
  const recorded = new Map<string, number>();
  const writeHead = res.writeHead;
  res.writeHead = function withTimings(this: typeof res, ...args: Parameters<typeof writeHead>) {
    if (recorded.size > 0 && !this.headersSent)
      this.setHeader('Server-Timing', [...recorded].map(([name, ms]) => `${name};dur=${ms.toFixed(1)}`).join(', '));
    return writeHead.apply(this, args);
  } as typeof writeHead;
  timings.run(recorded, () => next());
};
