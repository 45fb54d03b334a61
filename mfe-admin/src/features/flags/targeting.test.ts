import { describeOverride, describeTargeting, presetOf, toTargeting } from './targeting';

describe('targeting presets', () => {
  it('writes each preset as flagd targeting and reads it back as the same preset', () => {
    const presets = [
      { kind: 'none' as const },
      { kind: 'rollout' as const, variant: 'on', percent: 30 },
      { kind: 'user-type' as const, userType: 'guest' as const, variant: 'on' },
      { kind: 'previewers' as const, variant: 'on' },
    ];
    for (const preset of presets) expect(presetOf(toTargeting(preset, 'off'))).toEqual(preset);
    expect(toTargeting({ kind: 'rollout', variant: 'on', percent: 30 }, 'off')).toEqual({
      fractional: [
        ['on', 30],
        ['off', 70],
      ],
    });
    // null: everyone else falls back to the flag's default variant, whatever it becomes.
    // The gateway puts a preview link's visitor in customerGroup "previewers".
    expect(toTargeting({ kind: 'previewers', variant: 'on' }, 'off')).toEqual({
      if: [{ '==': [{ var: 'customerGroup' }, 'previewers'] }, 'on', null],
    });
    expect(toTargeting({ kind: 'user-type', userType: 'customer', variant: 'on' }, 'off')).toEqual({
      if: [{ '==': [{ var: 'userType' }, 'customer'] }, 'on', null],
    });
  });

  it('keeps a rule it did not write as custom, and reads no targeting as none', () => {
    const rule = { if: [{ sem_ver: [{ var: 'appVersion' }, '>=', '2.0.0'] }, 'on', 'off'] };
    expect(presetOf(rule)).toEqual({ kind: 'custom', rule });
    expect(
      presetOf({
        fractional: [
          ['on', 30],
          ['off', 60],
        ],
      }).kind,
    ).toBe('custom');
    expect(presetOf(undefined)).toEqual({ kind: 'none' });
    expect(presetOf({})).toEqual({ kind: 'none' });
    expect(describeTargeting(rule)).toBe('A custom targeting rule');
  });

  it('says what a change set, in words', () => {
    expect(describeOverride({})).toBe('as in flags.json');
    expect(describeOverride({ state: 'DISABLED' })).toBe('disabled');
    expect(describeOverride({ defaultVariant: 'on', targeting: {} })).toBe('default “on”, no targeting');
    expect(describeTargeting(toTargeting({ kind: 'previewers', variant: 'on' }, 'off'), 'off')).toBe(
      '“on” for the previewers group, “off” for everyone else',
    );
  });
});
