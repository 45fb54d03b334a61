import type { FlagOverride, Targeting } from '../../lib/admin-contract';

export type UserType = 'guest' | 'customer';

/** The targeting a manager can set without writing JsonLogic, and whatever else a flag may carry. */
export type TargetingPreset =
  | { kind: 'none' }
  | { kind: 'rollout'; variant: string; percent: number }
  | { kind: 'user-type'; userType: UserType; variant: string }
  | { kind: 'previewers'; variant: string }
  | { kind: 'custom'; rule: Targeting };

/**
 * The previewers group (SPEC §6, key `previewers`): the gateway sets `customerGroup` to
 * "previewers" in the evaluation context of a browser that opened a preview link.
 */
const IS_PREVIEWER = { '==': [{ var: 'customerGroup' }, 'previewers'] };
const isUserTypeTest = (test: unknown): UserType | undefined => {
  const equals = (test as { '=='?: unknown[] } | null)?.['=='];
  if (!Array.isArray(equals) || equals.length !== 2) return undefined;
  const [left, right] = equals;
  const name = (left as { var?: unknown } | null)?.var;
  return name === 'userType' && (right === 'guest' || right === 'customer') ? right : undefined;
};
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** flagd targeting (JsonLogic) for a preset: "everyone else" is the flag's default variant. */
export function toTargeting(preset: TargetingPreset, defaultVariant: string): Targeting {
  switch (preset.kind) {
    case 'none':
      return {};
    case 'rollout':
      // flagd's fractional hashes the targeting key (the shopper's session), so a shopper keeps their answer.
      return {
        fractional: [
          [preset.variant, preset.percent],
          [defaultVariant, 100 - preset.percent],
        ],
      };
    case 'user-type':
      return { if: [{ '==': [{ var: 'userType' }, preset.userType] }, preset.variant, null] };
    case 'previewers':
      return { if: [IS_PREVIEWER, preset.variant, null] };
    case 'custom':
      return preset.rule;
  }
}

/** Which preset a flag's targeting is, or `custom` for a rule the admin did not write. */
export function presetOf(targeting: Targeting | undefined): TargetingPreset {
  if (!targeting || Object.keys(targeting).length === 0) return { kind: 'none' };
  const keys = Object.keys(targeting);
  const fractional = targeting.fractional;
  if (keys.length === 1 && Array.isArray(fractional) && fractional.length === 2) {
    const [first, second] = fractional as unknown[][];
    if (
      Array.isArray(first) &&
      Array.isArray(second) &&
      typeof first[0] === 'string' &&
      typeof first[1] === 'number' &&
      typeof second[0] === 'string' &&
      first[1] + (second[1] as number) === 100
    )
      return { kind: 'rollout', variant: first[0], percent: first[1] };
  }
  const rule = targeting.if;
  if (
    keys.length === 1 &&
    Array.isArray(rule) &&
    rule.length === 3 &&
    typeof rule[1] === 'string' &&
    rule[2] === null
  ) {
    const userType = isUserTypeTest(rule[0]);
    if (userType) return { kind: 'user-type', userType, variant: rule[1] };
    if (same(rule[0], IS_PREVIEWER)) return { kind: 'previewers', variant: rule[1] };
  }
  return { kind: 'custom', rule: targeting };
}

/** A flag's targeting in words. */
export function describeTargeting(targeting: Targeting | undefined, defaultVariant?: string): string {
  const preset = presetOf(targeting);
  const rest = defaultVariant ? `“${defaultVariant}”` : 'the default variant';
  switch (preset.kind) {
    case 'none':
      return 'No targeting';
    case 'rollout': {
      const fractional = (targeting?.fractional ?? []) as unknown[][];
      return `“${preset.variant}” for ${preset.percent}% of shoppers, “${String(fractional[1]?.[0])}” for the rest`;
    }
    case 'user-type':
      return `“${preset.variant}” for ${preset.userType === 'guest' ? 'guests' : 'signed-in customers'}, ${rest} for everyone else`;
    case 'previewers':
      return `“${preset.variant}” for the previewers group, ${rest} for everyone else`;
    case 'custom':
      return 'A custom targeting rule';
  }
}

/** One side of an audited change in words: what the change set over flags.json. */
export function describeOverride(override: FlagOverride): string {
  const parts = [
    ...(override.state ? [override.state === 'DISABLED' ? 'disabled' : 'enabled'] : []),
    ...(override.defaultVariant ? [`default “${override.defaultVariant}”`] : []),
    ...(override.targeting ? [describeTargeting(override.targeting).replace(/^No targeting$/, 'no targeting')] : []),
  ];
  return parts.length ? parts.join(', ') : 'as in flags.json';
}

export const stateLabel = (state: string) => (state === 'DISABLED' ? 'Disabled' : 'Enabled');
