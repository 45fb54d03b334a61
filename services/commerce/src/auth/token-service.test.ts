import { jest } from '@jest/globals';
import { createTokenService } from './token-service';

describe('access tokens', () => {
  afterEach(() => jest.restoreAllMocks());

  it('are accepted until they expire, read before or not, and never once altered or signed with another secret', () => {
    const tokens = createTokenService('token-secret-0123456789', 60);
    const { token } = tokens.issue('gateway', 'manage_project:shop');
    expect(tokens.verify(token)).toMatchObject({ sub: 'gateway', scope: 'manage_project:shop' });
    expect(tokens.verify(token)).toMatchObject({ sub: 'gateway' });
    expect(createTokenService('another-secret-0123456789', 60).verify(token)).toBeUndefined();
    const [payload, signature] = token.split('.');
    expect(tokens.verify(`${payload}.${signature.slice(0, -2)}AA`)).toBeUndefined();
    expect(tokens.verify(`${payload}x.${signature}`)).toBeUndefined();

    const later = Date.now() + 61_000;
    jest.spyOn(Date, 'now').mockReturnValue(later);
    expect(tokens.verify(token)).toBeUndefined();
    expect(createTokenService('token-secret-0123456789', 60).verify(token)).toBeUndefined();
  });
});
