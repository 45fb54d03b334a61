import { FRAUD_SDK } from '@shop/contracts';
import type { Logger } from '@shop/node-kit';
import express, { type Express, type Request } from 'express';
import { z } from 'zod';
import { type OriginPattern, cspSources, originAllowed } from '../http/allowed-origins';
import { VendorError, bodyErrors, handle, jsonBody, notFound, parseInput, sendError } from '../http/vendor-http';
import { collectorFramePage, collectorFrameScript } from './collector-frame';
import { SESSION_ID, makeDeviceId, validDeviceId } from './device-id';
import { type AttributeValue, type FraudRepository, MAX_SESSION_ATTRIBUTES } from './fraud-repository';

/**
 * The fraud collector's origin (FRAUD_COLLECTOR_PORT), the browser side of the fraud stand-in
 * (SPEC §7), called by the shop's pages from the origins of FRAUD_ALLOWED_ORIGINS (CORS; a
 * browser on any other origin is refused 403 ORIGIN_NOT_ALLOWED). `org` is FRAUD_ORG_ID
 * (400 UNKNOWN_ORG otherwise); session ids are 8-128 letters, digits, - or _.
 *
 * GET  /cs/config?org=&session= -> { collect: string[], refreshMs }: the attributes to collect
 *      and how often to collect again (SPEC §9: 900000 ms).
 * GET  /cs/generatecookie?org= -> { value }: a new signed device id for the page's first-party cookie.
 * POST /cs/storecookie { org, session, value } -> { stored: true }: ties the device id (one this
 *      collector made; else 400 INVALID_COOKIE) to the session.
 * POST /session/:id { org, attributes } -> { stored: <count> }: merges collected attributes into
 *      the session. Bounded: names 1-64 of [A-Za-z0-9_.-] starting with a letter, values a string
 *      (<= 512), number, boolean, null or an array of at most 32 short ones; at most 40 per post
 *      and 100 per session (400 TOO_MANY_ATTRIBUTES, nothing stored); body at most 16 kB.
 *      Bodies may come as application/json or text/plain (as navigator.sendBeacon sends them).
 * GET  /logo.htm?org=&session= -> the hidden frame; its script (/logo.js) reports what this
 *      origin sees to /session/:id. Its CSP lets only FRAUD_ALLOWED_ORIGINS frame it.
 */
export const COLLECT = [
  'userAgent',
  'language',
  'languages',
  'platform',
  'timezone',
  'timezoneOffset',
  'screen',
  'colorDepth',
  'pixelRatio',
  'hardwareConcurrency',
  'deviceMemory',
  'touchPoints',
  'cookieEnabled',
  'doNotTrack',
  'webdriver',
] as const;

const session = z.string().regex(SESSION_ID, 'must be 8 to 128 letters, digits, - or _');
const org = z.string().max(64);
const shortValue = z.union([z.string().max(128), z.number().finite(), z.boolean()]);
const attributeValue = z.union([
  z.string().max(512),
  z.number().finite(),
  z.boolean(),
  z.null(),
  z.array(shortValue).max(32),
]);
const attributes = z
  .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/, 'attribute names: letters, digits, _ . -'), attributeValue)
  .refine((value) => Object.keys(value).length <= 40, 'at most 40 attributes per post');

export function fraudCollectorApp({
  orgId,
  allowedOrigins,
  deviceSecret,
  repository,
  logger,
}: {
  orgId: string;
  allowedOrigins: readonly OriginPattern[];
  /** Signs the device ids. */
  deviceSecret: string;
  repository: FraudRepository;
  logger: Logger;
}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  const run = (work: Parameters<typeof handle>[2]) => handle(logger, 'fraud collector', work);
  const ownOrigin = (req: Request) => `${req.protocol}://${req.get('host')}`;
  const checkOrg = (value: string) => {
    if (value !== orgId) throw new VendorError(400, 'UNKNOWN_ORG', 'org: unknown org id');
  };

  app.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
  // CORS for the shop's pages; other browsers' origins are refused outright (a form post needs no preflight).
  app.use((req, res, next) => {
    res.set({ 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store', Vary: 'Origin' });
    const origin = req.get('origin');
    if (origin === undefined || origin === ownOrigin(req)) return next();
    if (!originAllowed(allowedOrigins, origin)) {
      return sendError(res, new VendorError(403, 'ORIGIN_NOT_ALLOWED', 'This origin may not call the collector.'));
    }
    res.set('Access-Control-Allow-Origin', origin);
    if (req.method === 'OPTIONS') {
      res.set({
        'Access-Control-Allow-Methods': 'GET, POST',
        'Access-Control-Allow-Headers': 'content-type',
        'Access-Control-Max-Age': '600',
      });
      return res.status(204).end();
    }
    return next();
  });
  const json = jsonBody('16kb', ['application/json', 'text/plain']);

  app.get(
    '/cs/config',
    run(async (req, res) => {
      const query = parseInput(z.object({ org, session }), req.query);
      checkOrg(query.org);
      res.json({ collect: COLLECT, refreshMs: FRAUD_SDK.refreshIntervalMs });
    }),
  );

  app.get(
    '/cs/generatecookie',
    run(async (req, res) => {
      checkOrg(parseInput(z.object({ org }), req.query).org);
      res.json({ value: makeDeviceId(deviceSecret) });
    }),
  );

  app.post(
    '/cs/storecookie',
    json,
    run(async (req, res) => {
      const body = parseInput(z.strictObject({ org, session, value: z.string().max(100) }), req.body);
      checkOrg(body.org);
      if (!validDeviceId(deviceSecret, body.value)) {
        throw new VendorError(400, 'INVALID_COOKIE', 'value: not a device id this collector made');
      }
      await repository.storeDevice(orgId, body.session, body.value);
      res.json({ stored: true });
    }),
  );

  app.post(
    '/session/:id',
    json,
    run(async (req, res) => {
      const id = parseInput(session, String(req.params.id));
      const body = parseInput(z.strictObject({ org, attributes }), req.body);
      checkOrg(body.org);
      const stored = await repository.storeAttributes(orgId, id, body.attributes as Record<string, AttributeValue>, {
        ip: req.socket.remoteAddress,
        userAgent: req.get('user-agent')?.slice(0, 512),
      });
      if (!stored) {
        throw new VendorError(
          400,
          'TOO_MANY_ATTRIBUTES',
          `A session keeps at most ${MAX_SESSION_ATTRIBUTES} attributes; nothing was stored.`,
        );
      }
      res.json({ stored: Object.keys(body.attributes).length });
    }),
  );

  app.get(
    '/logo.htm',
    run(async (req, res) => {
      const query = parseInput(z.object({ org, session }), req.query);
      checkOrg(query.org);
      res
        .set({
          'Content-Type': 'text/html; charset=utf-8',
          'Content-Security-Policy': [
            "default-src 'none'",
            "script-src 'self'",
            "connect-src 'self'",
            "base-uri 'none'",
            "form-action 'none'",
            `frame-ancestors ${cspSources(allowedOrigins)}`,
          ].join('; '),
          'Referrer-Policy': 'no-referrer',
        })
        .send(collectorFramePage(query));
    }),
  );
  const frameScript = collectorFrameScript();
  app.get('/logo.js', (_req, res) => {
    res.set({ 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }).send(frameScript);
  });

  app.use(notFound);
  app.use(bodyErrors);
  return app;
}
