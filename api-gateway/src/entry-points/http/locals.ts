import type { BrandId } from '@shop/contracts';
import type { RequestFlags } from '../../modules/flags/flag-reader';

/**
 * What the app-wide middleware leaves on `res.locals`, typed once here instead of cast at each
 * use. Set by correlation-id (correlationId), brand (brandId, origin, canonicalOrigin),
 * service-label (serviceLabel), the tracking route (trackingSession), the sign-ins (cartHandOver)
 * and the flag reader (flags).
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
      /** What a sign-in did with the guest's bag, for the session it starts (shared/cart-hand-over.ts). */
      cartHandOver?: { previousCartId?: string };
      /** This request's feature flags (modules/flags/flag-reader.ts). */
      flags: RequestFlags;
    }
  }
}

export {};
