import type { BrandId } from '@shop/contracts';
import type { RequestFlags } from '../../modules/flags/flag-reader';
import type { StaffRoles } from '../../modules/admin/staff-account';
import type { StaffSessionState } from '../../modules/admin/staff-authentication';
import type { TrackingTokens } from '../../sessions/tracking-token';

/**
 * What the app-wide middleware leaves on `res.locals`, typed once here instead of cast at each
 * use. Set by correlation-id (correlationId), brand (brandId, origin, canonicalOrigin),
 * service-label (serviceLabel), the tracking route (trackingSession), the sign-ins (cartHandOver)
 * the flag reader (flags), and under /api/admin the staff session check (staffSession) and
 * staffGuard (staff).
 */
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      correlationId: string;
      brandId: BrandId;
      /** The brand origin the request was made to, as configured (never the raw Host header). */
      origin: string;
      canonicalOrigin: string;
      serviceLabel?: string;
      trackingSession?: string;
      /** Signs and checks tracking session tokens (entry-points/http/middleware/tracking-session.ts). */
      trackingTokens?: TrackingTokens;
      /** What a sign-in did with the guest's bag, for the session it starts (shared/cart-hand-over.ts). */
      cartHandOver?: { previousCartId?: string };
      /** This request's feature flags (modules/flags/flag-reader.ts). */
      flags: RequestFlags;
      /** The signed-in staff member of an /api/admin request (modules/admin/staff-authentication.ts). */
      staffSession?: StaffSessionState;
      /** Who is acting, once staffGuard let the request through (it sets the roles too; a test's stand-in may not). */
      staff?: { email: string; roles?: StaffRoles };
    }
  }
}

export {};
