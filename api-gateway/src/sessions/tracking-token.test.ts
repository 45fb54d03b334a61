import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { trackingTokens } from './tracking-token';

describe('tracking session tokens', () => {
  const tokens = trackingTokens('test-auth-secret-0123456789abcdef0123456789');

  it('issues distinct UUIDs that the record schema accepts and that verify', () => {
    const issued = Array.from({ length: 200 }, () => tokens.issue());
    expect(new Set(issued).size).toBe(200);
    for (const token of issued) {
      expect(z.uuid().safeParse(token).success).toBe(true);
      expect(tokens.verify(token)).toBe(true);
    }
  });

  it('refuses a UUID a shopper makes up, an altered token, and one signed with another secret', () => {
    for (let i = 0; i < 200; i += 1) expect(tokens.verify(randomUUID())).toBe(false);
    const token = tokens.issue();
    // Any change of the id or of the tag breaks it (the version and variant characters aside).
    for (const at of [0, 7, 9, 15, 20, 24, 35]) {
      const altered = `${token.slice(0, at)}${token[at] === '0' ? '1' : '0'}${token.slice(at + 1)}`;
      expect(tokens.verify(altered)).toBe(false);
    }
    expect(tokens.verify(token.toUpperCase())).toBe(false);
    expect(trackingTokens('another-secret-0123456789abcdef0123456789').verify(token)).toBe(false);
    for (const value of [undefined, '', 'not-a-token', `${token}x`]) expect(tokens.verify(value)).toBe(false);
  });
});
