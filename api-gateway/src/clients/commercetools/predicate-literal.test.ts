import { HttpError } from '../../errors';
import { predicateLiteral } from './predicate-literal';

describe('predicateLiteral', () => {
  it('wraps plain text in double quotes', () => {
    expect(predicateLiteral('shopper@vanityfair.example')).toBe('"shopper@vanityfair.example"');
    expect(predicateLiteral('')).toBe('""');
  });

  it('escapes double quotes and backslashes so the literal cannot be closed early', () => {
    const hostile = 'a@b.co" or email is defined or email="';
    const literal = predicateLiteral(hostile);
    expect(literal).toBe('"a@b.co\\" or email is defined or email=\\""');
    // The commerce service reads string literals with JSON's escape rules: the value comes back whole.
    expect(JSON.parse(literal)).toBe(hostile);
    expect(predicateLiteral('back\\slash\\"')).toBe('"back\\\\slash\\\\\\""');
    expect(JSON.parse(predicateLiteral('back\\slash\\"'))).toBe('back\\slash\\"');
  });

  it('keeps other Unicode as it is', () => {
    expect(predicateLiteral('renée@exämple.com \u{1F600}')).toBe('"renée@exämple.com \u{1F600}"');
  });

  it.each([
    ['NUL', 'a\u0000@b.co'],
    ['a line feed', 'a\n@b.co'],
    ['DEL', 'a\u007f@b.co'],
    ['a lone surrogate', 'a\ud800@b.co'],
  ])('refuses %s with a 400', (_name, value) => {
    expect(() => predicateLiteral(value)).toThrow(HttpError);
    try {
      predicateLiteral(value);
    } catch (error) {
      expect((error as HttpError).status).toBe(400);
    }
  });
});
