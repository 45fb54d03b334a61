import { WELCOME_CODE_PATTERN } from '@shop/contracts';
import { isStillValid, welcomeCode, welcomeCodeValidity } from './welcome-code';

describe('welcome codes', () => {
  it('have the brand prefix, WELCOME, the month and day of issue and six random characters', () => {
    const code = welcomeCode('VF', new Date('2026-11-21T15:00:00Z'));
    expect(code).toMatch(/^VF-WELCOME-1121-[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(code).toMatch(WELCOME_CODE_PATTERN);
  });

  it('take the day in shop time (UTC-6): just after midnight UTC is still the day before', () => {
    expect(welcomeCode('HC', new Date('2026-03-01T03:00:00Z'), () => 0)).toBe('HC-WELCOME-0228-000000');
    expect(welcomeCode('HC', new Date('2026-03-01T06:00:00Z'), () => 31)).toBe('HC-WELCOME-0301-ZZZZZZ');
  });

  it('never use the ambiguous letters I, L, O and U', () => {
    const codes = Array.from({ length: 200 }, () => welcomeCode('EW', new Date()));
    for (const code of codes) expect(code.slice(-6)).not.toMatch(/[ILOU]/);
    expect(new Set(codes).size).toBeGreaterThan(195);
  });

  it('refuse a prefix that is not 2-4 capital letters', () => {
    expect(() => welcomeCode('vf', new Date())).toThrow(/prefix/);
    expect(() => welcomeCode('TOOLONG', new Date())).toThrow(/prefix/);
  });

  it('are valid for 30 days from issue and not a moment longer', () => {
    const issued = new Date('2026-11-21T15:00:00Z');
    const { validFrom, validUntil } = welcomeCodeValidity(issued);
    expect(validFrom).toBe('2026-11-21T15:00:00.000Z');
    expect(validUntil).toBe('2026-12-21T15:00:00.000Z');
    expect(isStillValid(validUntil, new Date('2026-12-21T14:59:59Z'))).toBe(true);
    expect(isStillValid(validUntil, new Date('2026-12-21T15:00:00Z'))).toBe(false);
  });
});
