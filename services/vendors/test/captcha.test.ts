import { start } from '../src/server';

let vendors: Awaited<ReturnType<typeof start>>;
beforeAll(async () => {
  vendors = await start({ port: 0, captchaSecret: 'test-captcha-secret-123' });
});
afterAll(() => vendors.stop());

const challenge = async () =>
  ((await (await fetch(`${vendors.url}/captcha/challenge`, { method: 'POST' })).json()) as { token: string }).token;
const verify = async (response: string, secret = 'test-captcha-secret-123') =>
  (await (
    await fetch(`${vendors.url}/captcha/siteverify`, {
      method: 'POST',
      body: new URLSearchParams({ secret, response }),
    })
  ).json()) as {
    success: boolean;
    'error-codes'?: string[];
  };

describe('invisible captcha', () => {
  it('verifies a fresh token once', async () => {
    const token = await challenge();
    expect((await verify(token)).success).toBe(true);
    expect(await verify(token)).toEqual({ success: false, 'error-codes': ['timeout-or-duplicate'] });
  });

  it('refuses forged tokens and a wrong secret', async () => {
    const token = await challenge();
    expect((await verify(`${token.slice(0, -3)}abc`)).success).toBe(false);
    expect(await verify(token, 'wrong-secret-0000000')).toEqual({
      success: false,
      'error-codes': ['invalid-input-secret'],
    });
    expect((await verify('')).success).toBe(false);
  });
});
