import { createHash } from 'node:crypto';
import type { BrandCatalog } from '@shop/brands';
import type { EvaluationContext, JsonValue } from '@openfeature/core';
import { FlagdCore } from '@openfeature/flagd-core';
import type { FlagOverride } from './flag-overrides';

/** The check of a manager's change says what is wrong in its answer; flagd's own warnings would only repeat it. */
const QUIET = { error: () => undefined, warn: () => undefined, info: () => undefined, debug: () => undefined };

type Definitions = Record<
  string,
  Record<string, unknown> & { variants: Record<string, unknown>; defaultVariant: string }
>;

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
  /** flags.json per brand: what overrides apply over. */
  private readonly defaults = new Map<string, Definitions>();
  private readonly effective = new Map<string, Definitions>();
  /** The overrides' version each engine holds (0: none). */
  private readonly applied = new Map<string, number>();

  constructor(catalog: BrandCatalog) {
    for (const [id, brand] of catalog) {
      const definitions = brand.flags.flags as Definitions;
      const engine = new FlagdCore();
      engine.setConfigurations(JSON.stringify({ flags: definitions }));
      this.engines.set(id, engine);
      this.defaults.set(id, definitions);
      this.effective.set(id, definitions);
      this.applied.set(id, 0);
    }
  }

  /** flags.json's definition of a flag, and the one in force now (with its overrides). */
  definitions(brand: string): { defaults: Definitions; effective: Definitions; version: number } {
    return {
      defaults: this.defaults.get(brand) ?? {},
      effective: this.effective.get(brand) ?? {},
      version: this.applied.get(brand) ?? 0,
    };
  }

  /**
   * The flags in force with these overrides, checked by flagd's own parser (a variant that does
   * not exist, a targeting rule flagd cannot read): throws with flagd's reason.
   */
  static merge(defaults: Definitions, overrides: Record<string, FlagOverride>): Definitions {
    const merged: Definitions = {};
    for (const [key, definition] of Object.entries(defaults))
      merged[key] = { ...definition, ...(overrides[key] ?? {}) } as Definitions[string];
    const check = new FlagdCore(undefined, QUIET);
    check.setConfigurations(JSON.stringify({ flags: merged }));
    for (const [key, definition] of Object.entries(merged)) {
      if (!Object.hasOwn(definition.variants, definition.defaultVariant))
        throw new Error(`${key}: the default variant "${definition.defaultVariant}" is not one of its variants`);
      // flagd only warns about a rule it cannot read (and answers an error at evaluation): a rule
      // that does not come to one of the flag's variants for a plain shopper is refused here.
      if (definition.targeting && definition.state !== 'DISABLED') {
        const sample = check.getFlag(key)?.evaluate({ targetingKey: 'check', userType: 'guest' });
        if (
          !sample ||
          sample.reason === 'ERROR' ||
          (sample.variant && !Object.hasOwn(definition.variants, sample.variant))
        )
          throw new Error(`${key}: flagd cannot use this targeting rule (${sample?.errorMessage ?? 'no variant'})`);
      }
    }
    return merged;
  }

  /** Puts a brand's overrides in force, unless that version already is. */
  apply(brand: string, version: number, overrides: Record<string, FlagOverride>): boolean {
    if (this.applied.get(brand) === version) return false;
    const merged = BrandFlags.merge(this.defaults.get(brand) ?? {}, overrides);
    this.engine(brand).setConfigurations(JSON.stringify({ flags: merged }));
    this.effective.set(brand, merged);
    this.applied.set(brand, version);
    return true;
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
