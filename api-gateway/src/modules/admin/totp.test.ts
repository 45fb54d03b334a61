import { generate } from 'otplib';
import { TOTP_PERIOD_SECONDS, acceptedStep, newTotpSecret } from './totp';

const at = (step: number) => step * TOTP_PERIOD_SECONDS * 1000 + 5_000;
const codeFor = (secret: string, step: number) => generate({ secret, epoch: step * TOTP_PERIOD_SECONDS });

describe('TOTP second factor', () => {
  const { secret, uri } = newTotpSecret('ana@example.com');

  it('gives an otpauth URI naming the issuer, the account and the secret', () => {
    expect(uri).toMatch(/^otpauth:\/\/totp\/Shop%20staff:ana%40example\.com\?/);
    expect(new URL(uri).searchParams.get('secret')).toBe(secret);
  });

  it('accepts the code of now and of one step either side, answering its step', async () => {
    const now = 59_000_000;
    for (const step of [now - 1, now, now + 1])
      expect(await acceptedStep(secret, await codeFor(secret, step), 0, at(now))).toBe(step);
    expect(await acceptedStep(secret, await codeFor(secret, now - 2), 0, at(now))).toBeUndefined();
    expect(await acceptedStep(secret, await codeFor(secret, now + 2), 0, at(now))).toBeUndefined();
  });

  it('refuses a code for the step last accepted or an earlier one (a replay)', async () => {
    const now = 59_000_000;
    const code = await codeFor(secret, now);
    expect(await acceptedStep(secret, code, now, at(now))).toBeUndefined();
    expect(await acceptedStep(secret, await codeFor(secret, now - 1), now, at(now))).toBeUndefined();
    expect(await acceptedStep(secret, await codeFor(secret, now + 1), now, at(now))).toBe(now + 1);
  });

  it('refuses a missing, malformed or wrong code without throwing', async () => {
    const now = 59_000_000;
    const right = await codeFor(secret, now);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    for (const code of [undefined, '', '12345', '1234567', 'abcdef', wrong])
      expect(await acceptedStep(secret, code, 0, at(now))).toBeUndefined();
  });
});
