import { normalisePassword, safePassword, safeText, textProblem } from './text';

const composed = 'Ren\u00e9e';
const decomposed = 'Rene\u0301e';

describe('the one text rule', () => {
  it.each([
    ['NUL', 'Ann\u0000'],
    ['another C0 control', 'Ann\u001b[31m'],
    ['DEL', 'Ann\u007f'],
    ['a C1 control', 'Ann\u0085'],
    ['a lone high surrogate', 'Ann\ud800'],
    ['a lone low surrogate', '\udc00Ann'],
    ['a line break in a one-line field', 'Ann\nSmith'],
  ])('refuses %s', (_name, value) => {
    expect(safeText().safeParse(value).success).toBe(false);
    expect(textProblem(value)).toBeDefined();
  });

  it('allows tab, line feed and carriage return only in multi-line text', () => {
    expect(safeText({ multiline: true }).parse('Hello,\r\n\tthanks')).toBe('Hello,\r\n\tthanks');
    expect(safeText({ multiline: true }).safeParse('Hello\u0000').success).toBe(false);
  });

  it('keeps pairs of surrogates (emoji) and normalises to NFC', () => {
    expect(safeText().parse('Ann \u{1F600}')).toBe('Ann \u{1F600}');
    expect(safeText().parse(decomposed)).toBe(composed);
  });

  it('stays chainable, and a broken value reports the text problem only', () => {
    const name = safeText({ message: 'Enter a name.' }).trim().max(5);
    expect(name.parse(`  ${decomposed} `)).toBe(composed);
    const result = name.safeParse('\u0000'.repeat(10));
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Enter a name.']);
    expect(name.safeParse(42).error?.issues[0].message).toBe('Enter a name.');
  });
});

describe('passwords', () => {
  it('refuses NUL, controls and lone surrogates but does not normalise by itself', () => {
    expect(safePassword().safeParse('secret\u0000pass').success).toBe(false);
    expect(safePassword().safeParse('secret\ud83dpass').success).toBe(false);
    expect(safePassword().parse(decomposed)).toBe(decomposed);
  });

  it('normalises to NFC when asked, leaving ASCII and composed passwords unchanged', () => {
    expect(normalisePassword(decomposed)).toBe(composed);
    expect(normalisePassword('Shopper-Pass-1')).toBe('Shopper-Pass-1');
    // NFC, not NFKC: a full-width letter stays what the customer typed.
    expect(normalisePassword('\uff21bc')).toBe('\uff21bc');
  });
});
