import { randomUUID } from 'node:crypto';
import type { BrandCatalog } from '@shop/brands';
import { OpenFeature } from '@openfeature/server-sdk';
import type { FlagValues } from '@shop/contracts';
import type { Request, RequestHandler, Response } from 'express';
import type { SessionService } from '../../sessions/session-service';
import { BrandFlags } from './brand-flags';
import { BrandFlagsProvider } from './brand-flags-provider';
import { flagContext } from './flag-context';

/** A request's flags, on `res.locals.flags`: what the gateway's own checks read. */
export interface RequestFlags {
  /** A boolean flag for this shopper on this brand; false when off, disabled or unknown. */
  isOn(key: string): Promise<boolean>;
  /** Every enabled flag's value for this shopper (the boot config's `flags`; flags are booleans, strings or numbers). */
  values(): Promise<FlagValues>;
}

/**
 * The gateway's flags through the OpenFeature server SDK: one provider (the brands' flagd
 * engines) registered under a domain of this gateway's own, so two gateways in one process (the
 * tests) never share one; the OFREP routes read the same engines.
 */
export function flagReader(deps: { catalog: BrandCatalog; sessions: SessionService; environment: string }) {
  const flags = new BrandFlags(deps.catalog);
  const domain = `gateway-${randomUUID()}`;
  OpenFeature.setProvider(domain, new BrandFlagsProvider(flags));
  const client = OpenFeature.getClient(domain);
  const forRequest = (req: Request, res: Response): RequestFlags => {
    let context: ReturnType<typeof flagContext> | undefined;
    const contextOnce = () => (context ??= flagContext(req, res, deps));
    return {
      isOn: async (key) => client.getBooleanValue(key, false, await contextOnce()),
      values: async () => {
        const ctx = await contextOnce();
        return Object.fromEntries(
          flags
            .evaluateAll(ctx.brand, ctx)
            .filter((flag) => ['boolean', 'string', 'number'].includes(typeof flag.value))
            .map((flag) => [flag.key, flag.value as FlagValues[string]]),
        );
      },
    };
  };
  return {
    flags,
    /** Puts the request's flags on `res.locals.flags` (after the brand is resolved). */
    middleware: ((req, res, next) => {
      res.locals.flags = forRequest(req, res);
      next();
    }) satisfies RequestHandler,
  };
}
export type FlagReader = ReturnType<typeof flagReader>;
