import express, { type RequestHandler } from 'express';
import { HttpError } from '../../../errors';

/**
 * No form or event of ours nests anywhere near this deep; the limit sits far below what would
 * overflow the stack of a recursive validator (zod walks nested values recursively).
 */
export const MAX_BODY_DEPTH = 20;

export interface BodyOptions {
  /** body-parser's size limit, e.g. '8kb'. */
  limit: string | number;
  /** Also parse application/x-www-form-urlencoded (HTML forms, Auth.js clients). */
  urlencoded?: boolean;
}

/**
 * The one way a router parses request bodies: JSON (and flat urlencoded forms when asked),
 * then a refusal of anything nested deeper than MAX_BODY_DEPTH with 400 BODY_TOO_DEEP, before
 * any route validates it. Use it on the route itself when the router is mounted at /api, so it
 * does not parse other routes' bodies.
 */
export function parseBody({ limit, urlencoded = false }: BodyOptions): RequestHandler[] {
  return [
    express.json({ limit }),
    // extended: false is node:querystring: keys such as a[b][c] stay flat strings, never objects.
    ...(urlencoded ? [express.urlencoded({ extended: false, limit })] : []),
    refuseDeepBody,
  ];
}

const refuseDeepBody: RequestHandler = (req, _res, next) => {
  if (nestedDeeperThan(req.body, MAX_BODY_DEPTH)) {
    throw new HttpError(400, 'BODY_TOO_DEEP', `The request body is nested deeper than ${MAX_BODY_DEPTH} levels.`);
  }
  next();
};

/** Iterative, so the check itself cannot overflow the stack it protects; stops at the first too-deep value. */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (typeof item !== 'object' || item === null) continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}
