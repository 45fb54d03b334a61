import { DomainError } from '../../shared/domain-error';
import { BrandFlags } from './brand-flags';
import type { FlagChange, FlagOverride, FlagOverridesStore, StoredOverrides } from './flag-overrides';

/** A flag as a brand manager sees it: flags.json's default, what is in force, and its last change. */
export interface FlagListing {
  key: string;
  state: string;
  defaultVariant: string;
  variants: Record<string, unknown>;
  targeting?: unknown;
  /** flags.json's definition, what a rollback of every change returns to. */
  file: { state: string; defaultVariant: string };
  lastChange?: Pick<FlagChange, 'version' | 'at' | 'actor' | 'reason'>;
}

export interface ChangeRequest extends FlagOverride {
  /** The overrides' version the manager read (from the listing): a stale one is FLAG_CONFLICT. */
  version: number;
  reason: string;
  actor: string;
}

/**
 * What brand managers do with flags, whatever front they use: list a brand's flags, change one
 * (state, default variant, targeting) with a reason, read the audit, and roll a change back.
 * Every change is a versioned write of the brand's overrides with its audit line in it, and is
 * put in force on this gateway at once (the others read it within their refresh interval).
 */
export function flagAdmin(deps: {
  flags: BrandFlags;
  store: FlagOverridesStore;
  environment: string;
  now?: () => Date;
}) {
  const { flags, store, environment } = deps;
  const now = deps.now ?? (() => new Date());

  const current = async (brand: string, correlationId: string): Promise<StoredOverrides> => {
    const stored = await store.read(brand, environment, correlationId);
    flags.apply(brand, stored.version, stored.document.flags);
    return stored;
  };

  const listing = (brand: string, stored: StoredOverrides): { version: number; flags: FlagListing[] } => {
    const { defaults, effective } = flags.definitions(brand);
    return {
      version: stored.version,
      flags: Object.keys(defaults)
        .sort()
        .map((key) => {
          const last = stored.document.history.findLast((change) => change.flag === key);
          const now = effective[key];
          return {
            key,
            state: String(now.state),
            defaultVariant: now.defaultVariant,
            variants: now.variants,
            ...(now.targeting ? { targeting: now.targeting } : {}),
            file: { state: String(defaults[key].state), defaultVariant: defaults[key].defaultVariant },
            ...(last
              ? { lastChange: { version: last.version, at: last.at, actor: last.actor, reason: last.reason } }
              : {}),
          };
        }),
    };
  };

  const save = async (
    brand: string,
    key: string,
    next: FlagOverride,
    request: { version: number; reason: string; actor: string; rollbackOf?: number },
    stored: StoredOverrides,
    correlationId: string,
  ) => {
    const { defaults } = flags.definitions(brand);
    const overrides = { ...stored.document.flags, [key]: next };
    try {
      BrandFlags.merge(defaults, overrides);
    } catch (error) {
      throw new DomainError('VALIDATION_FAILED', `The flag cannot take this change: ${(error as Error).message}`);
    }
    const change: FlagChange = {
      version: stored.version + 1,
      at: now().toISOString(),
      actor: request.actor,
      flag: key,
      old: stored.document.flags[key] ?? {},
      new: next,
      reason: request.reason,
      ...(request.rollbackOf !== undefined ? { rollbackOf: request.rollbackOf } : {}),
    };
    const saved = await store.write(
      brand,
      environment,
      { flags: overrides, history: [...stored.document.history, change] },
      request.version,
      correlationId,
    );
    flags.apply(brand, saved.version, saved.document.flags);
    return { change, ...listing(brand, saved) };
  };

  return {
    async list(brand: string, correlationId: string) {
      return listing(brand, await current(brand, correlationId));
    },

    async change(brand: string, key: string, request: ChangeRequest, correlationId: string) {
      if (!flags.has(brand, key)) throw new DomainError('FLAG_NOT_FOUND', `The brand has no flag "${key}".`);
      const stored = await current(brand, correlationId);
      const { version: _version, reason: _reason, actor: _actor, ...fields } = request;
      const next: FlagOverride = { ...(stored.document.flags[key] ?? {}), ...fields };
      return save(brand, key, next, request, stored, correlationId);
    },

    /** The audit, newest first. */
    async audit(brand: string, correlationId: string): Promise<FlagChange[]> {
      return [...(await current(brand, correlationId)).document.history].reverse();
    },

    /** Puts the flag back as it was before change `number`, as a change of its own. */
    async rollback(
      brand: string,
      number: number,
      request: { version: number; reason: string; actor: string },
      correlationId: string,
    ) {
      const stored = await current(brand, correlationId);
      const undone = stored.document.history.find((change) => change.version === number);
      if (!undone) throw new DomainError('NOT_FOUND', `There is no change ${number} of this brand's flags.`);
      return save(brand, undone.flag, undone.old, { ...request, rollbackOf: number }, stored, correlationId);
    },

    /** Reads every brand's overrides and puts new versions in force (the refresh of other gateways' changes). */
    async refresh(brands: string[], correlationId: string) {
      for (const brand of brands) await current(brand, correlationId);
    },
  };
}
export type FlagAdmin = ReturnType<typeof flagAdmin>;
