import { createHash } from 'node:crypto';
import type { BrandCatalog } from '@shop/brands';
import type { EvaluationContext, JsonValue } from '@openfeature/core';
import { FlagdCore } from '@openfeature/flagd-core';

/** One flag's answer, as OFREP sends it (`value` absent for a disabled flag). */
export interface FlagEvaluation {
  key: string;
  value?: JsonValue;
  variant?: string;
  reason?: string;
  metadata?: Record<string, string | number | boolean>;
}

/**
 * The brands' flags, evaluated by flagd's own engine (flagd-core: the flagd file format, its
 * targeting rules and fractional rollouts), one engine per brand. The gateway's own checks and
 * OFREP for the browser read the same engines, so the page and the API cannot disagree.
 */
export class BrandFlags {
  private readonly engines = new Map<string, FlagdCore>();

  constructor(catalog: BrandCatalog) {
    for (const [id, brand] of catalog) {
      const engine = new FlagdCore();
      engine.setConfigurations(JSON.stringify({ flags: brand.flags.flags }));
      this.engines.set(id, engine);
    }
  }

  /** The brand's flagd engine, for the OpenFeature provider; undefined for an unknown brand. */
  engineFor(brand: string): FlagdCore | undefined {
    return this.engines.get(brand);
  }

  private engine(brand: string): FlagdCore {
    const engine = this.engines.get(brand);
    if (!engine) throw new Error(`No flags for brand "${brand}"`);
    return engine;
  }

  /** Whether the brand has a flag of that key (enabled or not). */
  has(brand: string, key: string): boolean {
    return this.engine(brand).getFlag(key) !== undefined;
  }

  /** Every flag of the brand for this context, by key order; a disabled flag has no value. */
  evaluateAll(brand: string, context: EvaluationContext): FlagEvaluation[] {
    const engine = this.engine(brand);
    return [...engine.getFlags().keys()].sort().map((key) => this.evaluate(brand, key, context, engine));
  }

  /** One flag for this context; undefined when the brand has no such flag. */
  evaluate(brand: string, key: string, context: EvaluationContext, engine = this.engine(brand)): FlagEvaluation {
    const flag = engine.getFlag(key);
    if (!flag) throw new Error(`No flag "${key}" for brand "${brand}"`);
    if (flag.state === 'DISABLED') return { key, reason: 'DISABLED' };
    const type = typeof [...flag.variants.values()][0];
    const resolved =
      type === 'boolean'
        ? engine.resolveBooleanEvaluation(key, false, context)
        : type === 'string'
          ? engine.resolveStringEvaluation(key, '', context)
          : type === 'number'
            ? engine.resolveNumberEvaluation(key, 0, context)
            : engine.resolveObjectEvaluation<JsonValue>(key, {}, context);
    return {
      key,
      value: resolved.value,
      ...(resolved.variant ? { variant: resolved.variant } : {}),
      ...(resolved.reason ? { reason: resolved.reason } : {}),
      ...(Object.keys(resolved.flagMetadata).length
        ? { metadata: resolved.flagMetadata as FlagEvaluation['metadata'] }
        : {}),
    };
  }

  /** A boolean flag's value for this context: false when it is off, disabled or not boolean. */
  isOn(brand: string, key: string, context: EvaluationContext): boolean {
    return this.has(brand, key) && this.evaluate(brand, key, context).value === true;
  }
}

/** A strong validator of an answer: the same flags, values and variants give the same tag. */
export const etagOf = (answer: unknown) =>
  `"${createHash('sha256').update(JSON.stringify(answer)).digest('base64url').slice(0, 27)}"`;
