import { timingSafeEqual } from 'node:crypto';
import type { Logger } from '@shop/node-kit';
import express, {
  type ErrorRequestHandler,
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import type { z } from 'zod';

/** An answer a vendor gives on purpose: a status, a code and a message, plus extras such as `field`. */
export class VendorError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'VendorError';
  }
}

export const sendError = (res: Response, error: VendorError) =>
  res.status(error.status).json({ error: { code: error.code, message: error.message, ...error.extra } });

/** `Authorization: Bearer <key>`, compared in constant time; 401 UNAUTHORIZED otherwise. */
export function requireBearer(key: string, vendor: string): RequestHandler {
  const expected = Buffer.from(`Bearer ${key}`);
  return (req, res, next) => {
    const given = Buffer.from(req.get('authorization') ?? '');
    if (given.length === expected.length && timingSafeEqual(given, expected)) return next();
    return sendError(res, new VendorError(401, 'UNAUTHORIZED', `Send the ${vendor} API key as a bearer token.`));
  };
}

/**
 * A JSON body parser that refuses a body in anything but JSON (a real vendor's API does) and big
 * bodies; a request without a body passes with `req.body` undefined.
 */
export const jsonBody = (limit: string, types: string[] = ['application/json']) => {
  const parse = express.json({ limit, type: types, strict: true });
  return (req: Request, res: Response, next: NextFunction) => {
    const hasBody =
      req.headers['transfer-encoding'] !== undefined ||
      (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');
    if (!hasBody) return next();
    if (!req.is(types)) {
      return sendError(res, new VendorError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.'));
    }
    return parse(req, res, next);
  };
};

/** The first problem zod found, as "path: message" (the path tells the caller which field). */
export function describeIssue(error: z.ZodError): { message: string; field?: string } {
  const issue = error.issues[0];
  const path = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    const where = path ? `${path}.` : '';
    return { message: `${where}${issue.keys[0]}: is not a field of this request`, field: `${where}${issue.keys[0]}` };
  }
  return path ? { message: `${path}: ${issue.message}`, field: path } : { message: issue.message };
}

/** Validates `value` or throws 400 INVALID_REQUEST naming the field. */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown, code = 'INVALID_REQUEST'): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const { message } = describeIssue(parsed.error);
  throw new VendorError(400, code, message);
}

/**
 * Wraps an async handler: a VendorError becomes its answer; anything else (the database being
 * down, say) is logged and answered 503, never a stack trace.
 */
export function handle(logger: Logger, vendor: string, work: (req: Request, res: Response) => Promise<unknown>) {
  return async (req: Request, res: Response) => {
    try {
      await work(req, res);
    } catch (error) {
      if (error instanceof VendorError) {
        sendError(res, error);
        return;
      }
      logger.error(`The ${vendor} stand-in failed`, { error: error instanceof Error ? error.message : String(error) });
      if (!res.headersSent) {
        sendError(res, new VendorError(503, 'SERVICE_UNAVAILABLE', `The ${vendor} service failed. Try again later.`));
      }
    }
  };
}

/** Body-parser refusals (bad JSON, too large) inside a vendor's routes, in the vendor's error shape. */
export const bodyErrors: ErrorRequestHandler = (error, _req, res, next) => {
  const status = (error as { status?: number }).status;
  if (res.headersSent || typeof status !== 'number' || status < 400 || status >= 500) return next(error);
  const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : 'INVALID_REQUEST';
  const message = status === 413 ? 'The request body is too large.' : 'The request body is not valid JSON.';
  return sendError(res, new VendorError(status, code, message));
};

/** A vendor's unknown paths answer 404 in its own shape rather than falling through. */
export const notFound: RequestHandler = (_req, res) => {
  sendError(res, new VendorError(404, 'NOT_FOUND', 'No such endpoint.'));
};
