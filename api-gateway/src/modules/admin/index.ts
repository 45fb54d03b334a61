import type { AppDeps } from '../app-deps';
import type { ApiMount, GatewayModule } from '../gateway-module';
import { csrfProtection } from '../../entry-points/http/middleware/csrf-protection';
import { createAnswerPacer } from '../auth/answer-pacer';
import { createPasswordVerifier } from '../auth/password-work';
import { adminFlagRoutes } from './admin-flag-routes';
import { adminOpenApi } from './admin-openapi';
import { previewLinks } from './preview-links';
import { previewRoutes } from './preview-routes';
import { remoteAdminOpenApi, remoteAdminRoutes } from './remote-admin-routes';
import { staffAccountRepository } from './staff-account-repository';
import { staffAuthentication } from './staff-authentication';
import { staffGuard } from './staff-guard';
import { staffSessionRoutes } from './staff-session-routes';
import { createStaffSessions } from './staff-sessions';
import { totpSecretSeal } from './totp-secret-seal';

export type AdminDeps = Pick<
  AppDeps,
  | 'config'
  | 'catalog'
  | 'logger'
  | 'commerce'
  | 'csrf'
  | 'throttle'
  | 'sessions'
  | 'revocations'
  | 'flags'
  | 'origins'
  | 'registry'
  | 'store'
>;

/**
 * The admin for staff under /api/admin: staff sign-in (password and authenticator code) with
 * sessions of their own, brand managers' flags and preview links, remote versions; and the
 * preview links' landing route on each brand's site.
 */
export function adminModule(deps: AdminDeps): GatewayModule {
  const { config, catalog, logger, commerce, throttle } = deps;
  const accounts = staffAccountRepository(commerce, totpSecretSeal(config.authSecret));
  const sessions = createStaffSessions(config.authSecret, deps.revocations);
  const links = previewLinks(config.authSecret);
  const authentication = staffAuthentication({
    sessions,
    accounts,
    siteCsrf: csrfProtection(deps.csrf),
    shopBrands: [...catalog.keys()],
  });
  // The routers share the mount, so one session and CSRF check runs for all of them.
  const mount = (router: ApiMount['router']): ApiMount => ({
    path: '/admin',
    router,
    body: { limit: '16kb' },
    csrf: authentication,
  });
  return {
    name: 'admin',
    api: [
      mount(
        staffSessionRoutes({
          sessions,
          catalog,
          accounts,
          passwords: createPasswordVerifier(),
          throttle,
          pacer: createAnswerPacer(),
          logger,
        }),
      ),
      mount(adminFlagRoutes({ catalog, admin: deps.flags.admin, links, origins: deps.origins })),
      mount(remoteAdminRoutes(deps, staffGuard)),
    ],
    site: [previewRoutes(links, deps.sessions)],
    openapi: { ...adminOpenApi, ...remoteAdminOpenApi },
  };
}
