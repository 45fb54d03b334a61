import { randomUUID } from 'node:crypto';
import { CORRELATION_HEADER } from '@shop/contracts';
import type { RequestHandler } from 'express';

const VALID = /^[A-Za-z0-9._-]{8,64}$/;

/** Every response carries x-correlation-id: the caller's when well-formed, else a new one. */
export const correlationId: RequestHandler = (req, res, next) => {
  const incoming = req.get(CORRELATION_HEADER);
  const id = incoming && VALID.test(incoming) ? incoming : randomUUID();
  res.locals.correlationId = id;
  res.setHeader(CORRELATION_HEADER, id);
  next();
};
