import type { NextFunction, Request, Response } from 'express';
import { invalidInput } from '../errors';
import { findUncleanText, uncleanTextMessage } from '../text-hygiene';

/**
 * REST routes: a NUL or an unpaired surrogate anywhere in the JSON body or the path parameters
 * is the caller's mistake, answered 400 InvalidInput before it can reach the database and come
 * back as a 500. GraphQL makes the same check itself, to answer in its own error shape.
 */
export function refuseUncleanText(req: Request, _res: Response, next: NextFunction) {
  const unclean = findUncleanText(req.params, '$params') ?? findUncleanText(req.body, '$body');
  next(unclean ? invalidInput(uncleanTextMessage(unclean)) : undefined);
}
