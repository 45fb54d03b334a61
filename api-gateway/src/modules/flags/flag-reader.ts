import { randomUUID } from 'node:crypto';
import type { BrandCatalog } from '@shop/brands';
import { OpenFeature } from '@openfeature/server-sdk';
import type { FlagValues } from '@shop/contracts';
import type { Request, RequestHandler, Response } from 'express';
import type { SessionService } from '../../sessions/session-service';
import type { Logger } from '@shop/node-kit';
import type { CommerceClient } from '../../clients/commercetools';
import { BrandFlags } from './brand-flags';
import { BrandFlagsProvider } from './brand-flags-provider';
import { flagAdmin } from './flag-admin';
import { flagContext } from './flag-context';
import { flagOverridesStore } from './flag-overrides';

/** How often a gateway reads the brands' overrides, so a change made on another gateway is in force within it. */
export const FLAG_REFRESH_MS = 2_000;
const FIRST_READ_WAIT_MS = 1_500;

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
export function flagReader(deps: {
  catalog: BrandCatalog;
  sessions: SessionService;
  environment: string;
  commerce: CommerceClient;
  logger: Logger;
  refreshMs?: number;
}) {
  const flags = new BrandFlags(deps.catalog);
  const admin = flagAdmin({ flags, store: flagOverridesStore(deps.commerce), environment: deps.environment });
  const brands = [...deps.catalog.keys()];
  let timer: NodeJS.Timeout | undefined;
  let failing = false;
  const refresh = async () => {
    try {
      await admin.refresh(brands, 'flag-refresh');
      if (failing) deps.logger.info('Flag overrides are read again');
      failing = false;
    } catch (error) {
      // The flags in force stay as they are (at worst flags.json's) while commerce is away.
      if (!failing) deps.logger.warn('Flag overrides could not be read', { error: String(error) });
      failing = true;
    }
  };
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
    admin,
    /**
     * Reads the overrides now (waiting at most 1.5 s for them: a stalled commerce must not hold
     * the gateway's start), then every `refreshMs`, until stop.
     */
    async start() {
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([
        refresh(),
        new Promise<void>((resolve) => {
          waited = setTimeout(resolve, FIRST_READ_WAIT_MS);
        }),
      ]);
      clearTimeout(waited);
      timer = setInterval(() => void refresh(), deps.refreshMs ?? FLAG_REFRESH_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
    },
    /** Puts the request's flags on `res.locals.flags` (after the brand is resolved). */
    middleware: ((req, res, next) => {
      res.locals.flags = forRequest(req, res);
      next();
    }) satisfies RequestHandler,
  };
}
export type FlagReader = ReturnType<typeof flagReader>;
