import type { EvaluationContext, JsonValue, Logger, Provider, ResolutionDetails } from '@openfeature/server-sdk';
import { InvalidContextError } from '@openfeature/server-sdk';
import type { BrandFlags } from './brand-flags';

/**
 * The OpenFeature provider of the gateway's own checks: the brand's flagd engine, chosen by the
 * context's `brand` (every context the gateway builds has one; see flag-context.ts).
 */
export class BrandFlagsProvider implements Provider {
  readonly metadata = { name: 'brand flags (flagd)' } as const;
  readonly runsOn = 'server' as const;

  constructor(private readonly flags: BrandFlags) {}

  private engine(context: EvaluationContext) {
    const brand = context.brand;
    const engine = typeof brand === 'string' ? this.flags.engineFor(brand) : undefined;
    if (!engine) throw new InvalidContextError(`No flags for brand ${JSON.stringify(brand)}`);
    return engine;
  }

  async resolveBooleanEvaluation(
    key: string,
    fallback: boolean,
    context: EvaluationContext,
    logger: Logger,
  ): Promise<ResolutionDetails<boolean>> {
    return this.engine(context).resolveBooleanEvaluation(key, fallback, context, logger);
  }

  async resolveStringEvaluation(
    key: string,
    fallback: string,
    context: EvaluationContext,
    logger: Logger,
  ): Promise<ResolutionDetails<string>> {
    return this.engine(context).resolveStringEvaluation(key, fallback, context, logger);
  }

  async resolveNumberEvaluation(
    key: string,
    fallback: number,
    context: EvaluationContext,
    logger: Logger,
  ): Promise<ResolutionDetails<number>> {
    return this.engine(context).resolveNumberEvaluation(key, fallback, context, logger);
  }

  async resolveObjectEvaluation<T extends JsonValue>(
    key: string,
    fallback: T,
    context: EvaluationContext,
    logger: Logger,
  ): Promise<ResolutionDetails<T>> {
    return this.engine(context).resolveObjectEvaluation(key, fallback, context, logger);
  }
}
