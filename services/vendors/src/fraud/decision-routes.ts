import type { Logger } from '@shop/node-kit';
import { Router } from 'express';
import { z } from 'zod';
import { randomId } from '../http/ids';
import { line, usd } from '../http/schemas';
import { VendorError, bodyErrors, handle, jsonBody, notFound, parseInput, requireBearer } from '../http/vendor-http';
import { SESSION_ID } from './device-id';
import type { ZipData } from '../zip-data';
import { countableAddress } from './client-address';
import type { FraudRepository } from './fraud-repository';
import { decide, sameAddress } from './fraud-rules';
import { zipMiles } from './zip-distance';

/**
 * Fraud screening stand-in, decision API, mounted at /fraud/v1. Key: `FRAUD_API_KEY` as
 * `Authorization: Bearer <key>`. The browser side (the collector origin) is collector-app.ts.
 *
 * POST /decisions
 *   { orgId, sessionId, orderAmount: { centAmount, currencyCode: 'USD' }, email, customerId?,
 *     ipAddress?, cardFingerprint?, shippingAddress, billingAddress }
 *   -> 200 { id: 'frd_…', decision: 'accept' | 'review' | 'reject', score, reasons: string[] }
 *
 * - The rules, their points and the thresholds (accept < 50 <= review < 80 <= reject) are in
 *   fraud-rules.ts: what the collector gathered for `sessionId` (nothing is a risk), the amount,
 *   billing against shipping (and the miles between their ZIP centroids), and velocity:
 *   decisions per e-mail and e-mails per device in the last hour, e-mails per card (the payment
 *   vendor's fingerprint, `cardFingerprint`) in the last 24 hours and decisions per card in the
 *   last hour, e-mails per client address (`ipAddress`, public addresses only) in the last hour.
 * - Addresses take streetName, additionalStreetInfo?, city, state, postalCode, country; other
 *   fields (names, phone) are accepted and ignored. They are compared, never stored or logged.
 * - Every decision is recorded (for the velocity rules), with the e-mail in lower case, the card
 *   fingerprint and the client address.
 * - 400 UNKNOWN_ORG (orgId is not FRAUD_ORG_ID); 400 INVALID_REQUEST naming the field; 401 UNAUTHORIZED.
 */
const address = z.object({
  streetName: line(100, 1),
  additionalStreetInfo: line(100).optional(),
  city: line(60, 1),
  state: line(3, 2),
  postalCode: z.string().regex(/^\d{5}(-\d{4})?$/, 'must be a US ZIP code'),
  country: z.string().regex(/^[A-Z]{2}$/, 'must be a country code such as US'),
});
const decisionSchema = z.strictObject({
  orgId: z.string().max(64),
  sessionId: z.string().regex(SESSION_ID, 'must be 8 to 128 letters, digits, - or _'),
  orderAmount: z.strictObject({ centAmount: z.number().int().min(0).max(100_000_000), currencyCode: usd }),
  email: z.string().max(254).email(),
  customerId: z.string().min(1).max(128).optional(),
  ipAddress: z.union([z.ipv4(), z.ipv6()]).optional(),
  cardFingerprint: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,128}$/, 'must be the payment vendor’s card fingerprint')
    .optional(),
  shippingAddress: address,
  billingAddress: address,
});

export function decisionRoutes({
  apiKey,
  orgId,
  repository,
  zipData,
  logger,
}: {
  apiKey: string;
  orgId: string;
  repository: FraudRepository;
  /** ZIP centroids, for the distance between billing and shipping. */
  zipData: () => Promise<ZipData>;
  logger: Logger;
}): Router {
  const router = Router();
  router.use(requireBearer(apiKey, 'fraud'));
  router.post(
    '/decisions',
    jsonBody('16kb'),
    handle(logger, 'fraud', async (req, res) => {
      const body = parseInput(decisionSchema, req.body);
      if (body.orgId !== orgId) throw new VendorError(400, 'UNKNOWN_ORG', 'orgId: not this merchant’s org id');
      const email = body.email.toLowerCase();
      const session = await repository.session(orgId, body.sessionId);
      const card = body.cardFingerprint;
      const ip = countableAddress(body.ipAddress);
      const [emailDecisions, deviceOtherEmails, cardOtherEmails, cardDecisions, ipOtherEmails, zips] =
        await Promise.all([
          repository.emailDecisionsLastHour(email),
          session?.deviceId ? repository.deviceOtherEmailsLastHour(session.deviceId, email) : Promise.resolve(0),
          card ? repository.cardOtherEmailsLastDay(card, email) : Promise.resolve(0),
          card ? repository.cardDecisionsLastHour(card) : Promise.resolve(0),
          ip ? repository.ipOtherEmailsLastHour(ip, email) : Promise.resolve(0),
          // Without ZIP data the distance rule stays silent; the decision is still made.
          zipData().catch((error: Error) => {
            logger.warn('ZIP data unavailable for the fraud screen', { reason: error.message });
            return undefined;
          }),
        ]);
      const sameAsShipping = sameAddress(body.shippingAddress, body.billingAddress);
      const result = decide({
        amount: body.orderAmount.centAmount,
        email,
        session: session && { attributeCount: Object.keys(session.attributes).length, deviceId: session.deviceId },
        addressesMatch: sameAsShipping,
        emailDecisions,
        deviceOtherEmails,
        billingShippingMiles: sameAsShipping
          ? 0
          : zips && zipMiles(zips, body.billingAddress.postalCode, body.shippingAddress.postalCode),
        cardOtherEmails,
        cardDecisions,
        ipOtherEmails,
      });
      const id = randomId('frd_');
      await repository.insertDecision({
        id,
        orgId,
        sessionId: body.sessionId,
        emailLower: email,
        customerId: body.customerId,
        deviceId: session?.deviceId ?? null,
        cardFingerprint: card ?? null,
        ipAddress: ip ?? null,
        amount: body.orderAmount.centAmount,
        ...result,
      });
      logger.info('Fraud decision', { id, decision: result.decision, score: result.score, reasons: result.reasons });
      res.json({ id, ...result });
    }),
  );
  router.use(notFound);
  router.use(bodyErrors);
  return router;
}
