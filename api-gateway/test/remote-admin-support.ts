import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SHELL_REMOTE_MODULES } from '@shop/contracts';
import { createLogger } from '@shop/node-kit';
import express from 'express';
import { RegistryRepository } from '../src/data-access/registry-repository';
import type { RemoteStore } from '../src/data-access/remote-store';
import { correlationId } from '../src/entry-points/http/middleware/correlation-id';
import { errorHandler } from '../src/entry-points/http/middleware/error-handler';
import { HttpError } from '../src/errors';
import { type RemoteAdminGuard, remoteAdminRoutes } from '../src/modules/admin/remote-admin-routes';
import { fixtures, request, type startTestGateway } from './support';

/** The release and canary tests of remotes: real-looking builds, and the admin's routes in an app of their own. */

export const singleton = (name: string, version: string, requiredVersion = `~${version}`) => ({
  name,
  version,
  singleton: true,
  requiredVersion,
});

/** A catalog build with a real-looking manifest: what the shell loads, and the singletons it needs. */
export function catalogBuild(version: string, react = '19.3.1'): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'catalog-')), 'dist');
  cpSync(join(fixtures, 'remote-dist'), dir, { recursive: true });
  writeFileSync(join(dir, 'build-info.json'), JSON.stringify({ name: 'catalog', version }));
  writeFileSync(
    join(dir, 'mf-manifest.json'),
    JSON.stringify({
      id: 'catalog',
      name: 'catalog',
      metaData: { remoteEntry: { name: 'remoteEntry.js' }, publicPath: 'auto' },
      shared: [singleton('react', react, `^${react}`), singleton('react-dom', react, `^${react}`)],
      exposes: SHELL_REMOTE_MODULES.catalog.map((name) => ({
        id: `catalog:${name}`,
        name,
        assets: { css: { sync: [], async: [] }, js: { sync: [], async: [] } },
      })),
    }),
  );
  return dir;
}

/** The shell's build says what it provides (the test gateway's shell folder has only its page). */
export function writeShellManifest(shellDist: string): void {
  writeFileSync(
    join(shellDist, 'mf-manifest.json'),
    JSON.stringify({
      name: 'shell',
      exposes: [],
      shared: [singleton('react', '19.3.1'), singleton('react-dom', '19.3.1')],
    }),
  );
}

/** The staff guard's stand-in: `x-test-staff: email brand=role`. */
export const testStaffGuard: RemoteAdminGuard = (role) => (req, res, next) => {
  const [email, grant] = String(req.headers['x-test-staff'] ?? '').split(' ');
  if (!email) return next(new HttpError(401, 'STAFF_SIGN_IN_REQUIRED', 'Sign in first.'));
  const [brand, held] = (grant ?? '').split('=');
  if (brand !== req.params.brand || (role === 'manager' && held !== 'manager'))
    return next(new HttpError(403, 'FORBIDDEN', 'Your staff role does not allow this.'));
  // Only the e-mail matters here: it is who the audit names.
  Object.assign(res.locals, { staff: { email } });
  next();
};

/**
 * The admin's remote routes in an app of their own on the gateway's data folder, as a second
 * gateway process would run them; `call` sends a staff member's GET (no body) or POST.
 */
export async function startRemoteAdmin(gateway: Awaited<ReturnType<typeof startTestGateway>>, store: RemoteStore) {
  const app = express();
  app.use(correlationId, express.json());
  app.use(
    '/api/admin',
    remoteAdminRoutes(
      { catalog: gateway.catalog, config: gateway.config, store, registry: new RegistryRepository(gateway.dataDir) },
      testStaffGuard,
    ),
  );
  app.use(errorHandler(createLogger('silent')));
  const server = await new Promise<http.Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/admin`;
  return {
    async call(path: string, staff: string, body?: unknown) {
      const response = await request(`${url}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'x-test-staff': staff, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
