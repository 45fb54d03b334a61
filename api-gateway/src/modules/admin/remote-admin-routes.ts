import { type BrandId, type RemoteName, remoteNameSchema, safeText } from '@shop/contracts';
import { type Request, type RequestHandler, type Response, Router } from 'express';
import { z } from 'zod';
import type { RegistryAuditRecord } from '../../data-access/registry-repository';
import { versionSchema } from '../../data-access/remote-store';
import { HttpError } from '../../errors';
import type { PathsFragment } from '../../openapi/operation';
import { DomainError } from '../../shared/domain-error';
import type { AppDeps } from '../app-deps';
import { parseBody } from '../checkout/checkout-routes';
import { remoteCompatibility } from '../platform/remote-compatibility';
import { remoteReleases } from '../platform/remote-releases';

/** Checks the staff session and its role on `req.params.brand`, and sets `res.locals.staff` ({ email }). */
export type RemoteAdminGuard = (role: 'viewer' | 'manager') => RequestHandler;

export type RemoteAdminDeps = Pick<AppDeps, 'catalog' | 'registry' | 'store' | 'config'>;

const who = {
  reason: safeText().trim().min(3, 'say why, in a few words').max(500),
  /** The registry version the manager's page shows: a change made since is REGISTRY_CONFLICT. */
  registryVersion: z.number().int().min(0),
};
export const remoteReleaseSchema = z.strictObject({ version: versionSchema, ...who });
export const remoteCanarySchema = z.strictObject({
  version: versionSchema,
  percent: z.number().int().min(1, 'at least 1 %').max(99, 'at most 99 %: promote it instead'),
  ...who,
});
export const remoteChangeSchema = z.strictObject(who);

/**
 * The admin's remote versions per brand (mounted under /api/admin): what each remote runs, its
 * published versions with their compatibility, and the release, canary, promotion, abort and
 * rollback of a version for the brand, or its return to the release for all brands, each with a
 * reason at the registry version read. Viewers read; managers change.
 */
export function remoteAdminRoutes({ catalog, registry, store, config }: RemoteAdminDeps, guard: RemoteAdminGuard) {
  const releases = remoteReleases({
    registry,
    store,
    compatibility: remoteCompatibility({ remotesDir: store.root, shellDist: config.shellDist }),
  });
  const router = Router();

  const brandOf = (req: Request): BrandId => {
    const brand = String(req.params.brand);
    if (!catalog.has(brand as BrandId)) throw new DomainError('NOT_FOUND', `There is no brand "${brand}".`);
    return brand as BrandId;
  };
  const remoteOf = (req: Request): RemoteName => {
    const parsed = remoteNameSchema.safeParse(req.params.remote);
    if (!parsed.success) throw new DomainError('NOT_FOUND', `There is no remote "${String(req.params.remote)}".`);
    return parsed.data;
  };
  const changeBy = (res: Response, body: z.infer<typeof remoteChangeSchema>) => {
    const email = (res.locals.staff as { email?: unknown } | undefined)?.email;
    if (typeof email !== 'string' || !email) throw new HttpError(401, 'STAFF_SIGN_IN_REQUIRED', 'Sign in first.');
    return { actor: email, reason: body.reason, expectedVersion: body.registryVersion };
  };
  /**
   * A change answers what it did (null: nothing needed doing), the registry's version after it,
   * and the remote as it is now.
   */
  const changed = (res: Response, brand: BrandId, remote: RemoteName, change: RegistryAuditRecord | null) => {
    const now = releases.overview(brand);
    res.set('cache-control', 'no-store').json({
      change,
      registryVersion: change?.registryVersion ?? now.registryVersion,
      remote: now.remotes.find((overview) => overview.remote === remote),
    });
  };

  router.get('/brands/:brand/remotes', guard('viewer'), (req, res) => {
    const brand = brandOf(req);
    res.set('cache-control', 'no-store').json({ brand, ...releases.overview(brand) });
  });

  router.get('/brands/:brand/remotes/audit', guard('viewer'), (req, res) => {
    res.set('cache-control', 'no-store').json({ changes: releases.audit(brandOf(req)) });
  });

  router.post('/brands/:brand/remotes/:remote/release', guard('manager'), async (req, res) => {
    const [brand, remote] = [brandOf(req), remoteOf(req)];
    const body = parseBody(remoteReleaseSchema, req.body);
    changed(res, brand, remote, await releases.release(brand, remote, body.version, changeBy(res, body)));
  });

  router.post('/brands/:brand/remotes/:remote/canary', guard('manager'), async (req, res) => {
    const [brand, remote] = [brandOf(req), remoteOf(req)];
    const body = parseBody(remoteCanarySchema, req.body);
    changed(
      res,
      brand,
      remote,
      await releases.startCanary(brand, remote, body.version, body.percent, changeBy(res, body)),
    );
  });

  router.post('/brands/:brand/remotes/:remote/promote', guard('manager'), async (req, res) => {
    const [brand, remote] = [brandOf(req), remoteOf(req)];
    changed(
      res,
      brand,
      remote,
      await releases.promote(brand, remote, changeBy(res, parseBody(remoteChangeSchema, req.body))),
    );
  });

  router.post('/brands/:brand/remotes/:remote/abort-canary', guard('manager'), async (req, res) => {
    const [brand, remote] = [brandOf(req), remoteOf(req)];
    const change = changeBy(res, parseBody(remoteChangeSchema, req.body));
    changed(res, brand, remote, await releases.abortCanary(brand, remote, change));
  });

  router.post('/brands/:brand/remotes/:remote/rollback', guard('manager'), async (req, res) => {
    const [brand, remote] = [brandOf(req), remoteOf(req)];
    const change = changeBy(res, parseBody(remoteChangeSchema, req.body));
    changed(res, brand, remote, await releases.rollback(brand, remote, change));
  });

  // Already following is the state asked for, so it is no error: `change: null`, nothing recorded.
  router.post('/brands/:brand/remotes/:remote/follow-global', guard('manager'), async (req, res) => {
    const [brand, remote] = [brandOf(req), remoteOf(req)];
    const change = changeBy(res, parseBody(remoteChangeSchema, req.body));
    changed(res, brand, remote, (await releases.followGlobal(brand, remote, change)) ?? null);
  });

  return router;
}

const brandParams = z.object({ brand: z.string().describe('A brand id') });
const remoteParams = brandParams.extend({ remote: remoteNameSchema });
const readErrors = {
  '401': { description: 'STAFF_SIGN_IN_REQUIRED', schema: 'error' as const },
  '403': { description: 'FORBIDDEN: no role on this brand', schema: 'error' as const },
  '404': { description: 'NOT_FOUND: no such brand or remote', schema: 'error' as const },
};
const changeResponses = {
  '200': { description: '{ change: audit record, registryVersion, remote: the remote as it is now }' },
  '409': {
    description:
      'REGISTRY_CONFLICT: the registry changed since registryVersion (error.registryVersion is the current one), nothing saved; REGISTRY_STATE_CONFLICT: nothing to do (no canary, no earlier release, already live, no release for all brands to follow)',
    schema: 'error' as const,
  },
  '422': {
    description:
      'REMOTE_NOT_PUBLISHED; REMOTE_INCOMPATIBLE: a shared singleton the shell provides does not satisfy the version, or a module the shell loads is missing (error.problems)',
    schema: 'error' as const,
  },
  ...readErrors,
};
const change = (summary: string, body: z.ZodType) => ({
  post: { summary, params: remoteParams, body, responses: changeResponses },
});

/** The OpenAPI entries of these routes, as mounted under /api/admin. */
export const remoteAdminOpenApi: PathsFragment = {
  '/api/admin/brands/{brand}/remotes': {
    get: {
      summary:
        "Admin (viewer): each remote of the brand: live version (and whether it is the global one), canary, the brand's history, and every published version with its status and compatibility verdict; with the registry's version",
      params: brandParams,
      responses: { '200': { description: '{ brand, registryVersion, remotes }' }, ...readErrors },
    },
  },
  '/api/admin/brands/{brand}/remotes/audit': {
    get: {
      summary:
        'Admin (viewer): every registry change of the brand and the global ones that reach it, newest first (who, when, scope, remote, old, new, reason); nothing edits it',
      params: brandParams,
      responses: { '200': { description: '{ changes }' }, ...readErrors },
    },
  },
  '/api/admin/brands/{brand}/remotes/{remote}/release': change(
    'Admin (manager): put a published, compatible version live for the brand',
    remoteReleaseSchema,
  ),
  '/api/admin/brands/{brand}/remotes/{remote}/canary': change(
    "Admin (manager): serve a published, compatible version to percent % of the brand's shoppers (each keeps theirs); again to change the share",
    remoteCanarySchema,
  ),
  '/api/admin/brands/{brand}/remotes/{remote}/promote': change(
    "Admin (manager): the brand's canary becomes its live version; the old one goes into history",
    remoteChangeSchema,
  ),
  '/api/admin/brands/{brand}/remotes/{remote}/abort-canary': change(
    "Admin (manager): end the brand's canary; every shopper gets the live version",
    remoteChangeSchema,
  ),
  '/api/admin/brands/{brand}/remotes/{remote}/rollback': change(
    "Admin (manager): put the brand's previous live version back (checked against the shell again); with none, REGISTRY_STATE_CONFLICT says what can be done instead (error.canFollowAllBrands when the brand can follow the release for all brands)",
    remoteChangeSchema,
  ),
  '/api/admin/brands/{brand}/remotes/{remote}/follow-global': {
    post: {
      summary:
        'Admin (manager): the brand drops its own live version and follows the release for all brands again (its own goes into its history, for a rollback); already following changes and records nothing',
      params: remoteParams,
      body: remoteChangeSchema,
      responses: {
        ...changeResponses,
        '200': {
          description:
            '{ change: audit record, or null when the brand already followed the release for all brands, registryVersion, remote: the remote as it is now }',
        },
      },
    },
  },
};
