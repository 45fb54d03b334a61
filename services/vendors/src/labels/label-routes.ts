import { randomInt } from 'node:crypto';
import type { Logger } from '@shop/node-kit';
import { type Request, type Response, Router } from 'express';
import { z } from 'zod';
import { randomId } from '../http/ids';
import { line, postalCode, reference, stateCode } from '../http/schemas';
import { VendorError, bodyErrors, handle, jsonBody, notFound, parseInput, requireBearer } from '../http/vendor-http';
import type { Label, LabelRepository } from './label-repository';
import { renderLabelPdf } from './label-pdf';

/**
 * Return label stand-in, mounted at /labels/v1. Key: `RETURN_LABEL_API_KEY` as `Authorization: Bearer <key>`.
 *
 * POST /labels { orderNumber, returnId, from: Address, to: Address, items: [{ name, quantity, sku? }] }
 *      -> 201 { labelId, trackingNumber, orderNumber, returnId, createdAt }
 *      One label per returnId: the same return again answers its label (200, `Idempotent-Replayed: true`);
 *      the same returnId for another order is 409 RETURN_ID_REUSED.
 * GET  /labels/:id -> the label's JSON; GET /labels/:id.pdf -> application/pdf (4 x 6 in, both addresses,
 *      the order number, the return id and a Code 128 barcode of the tracking number).
 * Address: { name, line1, line2?, city, state (US code), postalCode (ZIP) }.
 * 404 LABEL_NOT_FOUND; 400 INVALID_REQUEST naming the field; 401 UNAUTHORIZED.
 */
const address = z.strictObject({
  name: line(100, 1),
  line1: line(100, 1),
  line2: line(100).optional(),
  city: line(60, 1),
  state: stateCode,
  postalCode,
});
const createSchema = z.strictObject({
  orderNumber: reference,
  returnId: reference,
  from: address,
  to: address,
  items: z
    .array(z.strictObject({ name: line(120, 1), quantity: z.number().int().min(1).max(99), sku: reference.optional() }))
    .min(1)
    .max(50),
});
const LABEL_ID = /^lbl_[A-Za-z0-9]{24}$/;

/** A 20-digit tracking number ("RT" and 18 digits), as carriers print under a Code 128 barcode. */
const trackingNumber = () => `RT${Array.from({ length: 18 }, () => randomInt(10)).join('')}`;

const view = (label: Label) => ({
  labelId: label.labelId,
  trackingNumber: label.trackingNumber,
  orderNumber: label.orderNumber,
  returnId: label.returnId,
  createdAt: label.createdAt,
});

export function labelRoutes({
  apiKey,
  repository,
  logger,
}: {
  apiKey: string;
  repository: LabelRepository;
  logger: Logger;
}): Router {
  const router = Router();
  const run = (work: (req: Request, res: Response) => Promise<unknown>) => handle(logger, 'labels', work);
  router.use(requireBearer(apiKey, 'labels'));

  router.post(
    '/labels',
    jsonBody('16kb'),
    run(async (req, res) => {
      const input = parseInput(createSchema, req.body ?? {});
      const { label, created } = await repository.create({
        ...input,
        labelId: randomId('lbl_'),
        trackingNumber: trackingNumber(),
      });
      if (label.orderNumber !== input.orderNumber)
        throw new VendorError(409, 'RETURN_ID_REUSED', 'This return id already has a label for another order.');
      if (!created) res.setHeader('Idempotent-Replayed', 'true');
      res.status(created ? 201 : 200).json(view(label));
    }),
  );

  const labelOf = async (req: Request) => {
    const id = String(req.params.id);
    const label = LABEL_ID.test(id) ? await repository.byId(id) : undefined;
    if (!label) throw new VendorError(404, 'LABEL_NOT_FOUND', 'There is no such label.');
    return label;
  };
  router.get(
    '/labels/:id.pdf',
    run(async (req, res) => {
      const label = await labelOf(req);
      const pdf = await renderLabelPdf(label);
      res.setHeader('Content-Type', 'application/pdf');
      res.setHeader('Content-Disposition', `inline; filename="return-${label.returnId}.pdf"`);
      res.send(Buffer.from(pdf));
    }),
  );
  router.get(
    '/labels/:id',
    run(async (req, res) => {
      res.json(view(await labelOf(req)));
    }),
  );
  router.use(notFound);
  router.use(bodyErrors);
  return router;
}
