import { timingSafeEqual } from 'node:crypto';
import type { Logger } from '@shop/node-kit';
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import { z } from 'zod';
import type { CrmRepository } from './crm-repository';
import { FormError, caseFormSchema, leadFormSchema, optInKeyOf, parseForm } from './salesforce-forms';

const limitSchema = z.coerce.number().int().min(1).max(200).default(50);

const fail = (res: Response, status: number, code: string, message: string, field?: string) =>
  res.status(status).json({ error: { code, message, ...(field ? { field } : {}) } });

/**
 * A stand-in for Salesforce's Web-to-Case and Web-to-Lead servlets (the same paths and form
 * fields, so pointing the gateway's CRM_URL at a real org needs no code change), answering JSON
 * where Salesforce answers a redirect. Plus two development read endpoints that need the shared
 * key: the servlets, like Salesforce's, are identified by org id alone.
 */
export function crmRoutes({
  repository,
  apiKey,
  logger,
}: {
  repository: CrmRepository;
  apiKey: string;
  logger: Logger;
}): Router {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: '64kb', parameterLimit: 100 });
  const expected = Buffer.from(`Bearer ${apiKey}`);
  const requireKey = (req: Request, res: Response, next: NextFunction) => {
    const given = Buffer.from(req.get('authorization') ?? '');
    if (given.length === expected.length && timingSafeEqual(given, expected)) return next();
    return fail(res, 401, 'UNAUTHORIZED', 'Send the CRM key as a bearer token.');
  };
  // The database is opened on first use; when that fails the caller may retry later.
  const unavailable = (res: Response, error: unknown) => {
    logger.error('CRM storage failed', { error: error instanceof Error ? error.message : String(error) });
    return fail(res, 503, 'STORAGE_UNAVAILABLE', 'The CRM could not store or read records. Try again later.');
  };
  const rejected = (res: Response, error: unknown) =>
    error instanceof FormError ? fail(res, 400, 'INVALID_FIELD', error.message, error.field) : unavailable(res, error);

  router.post('/servlet/servlet.WebToCase', form, async (req, res) => {
    try {
      const { fields, custom } = parseForm(caseFormSchema, req.body);
      res.status(201).json(await repository.insertCase(fields, custom));
    } catch (error) {
      rejected(res, error);
    }
  });

  router.post('/servlet/servlet.WebToLead', form, async (req, res) => {
    try {
      const { fields, custom } = parseForm(leadFormSchema, req.body);
      const lead = await repository.upsertLead(fields, optInKeyOf(custom), custom);
      res.status(lead.created ? 201 : 200).json(lead);
    } catch (error) {
      rejected(res, error);
    }
  });

  const listing = (read: (limit: number) => Promise<object>) => async (req: Request, res: Response) => {
    const limit = limitSchema.safeParse(req.query.limit);
    if (!limit.success) return fail(res, 400, 'INVALID_FIELD', 'limit: must be a whole number from 1 to 200', 'limit');
    try {
      return res.set('cache-control', 'no-store').json(await read(limit.data));
    } catch (error) {
      return unavailable(res, error);
    }
  };
  router.get(
    '/cases',
    requireKey,
    listing((limit) => repository.listCases(limit)),
  );
  router.get(
    '/leads',
    requireKey,
    listing((limit) => repository.listLeads(limit)),
  );
  return router;
}
