import type { RunningCommerce } from '../src/server';
import { client, codeOf, startCommerce } from './support';

let clock = Date.parse('2026-11-21T12:00:00Z');
let commerce: RunningCommerce;
beforeAll(async () => {
  commerce = await startCommerce('pglite', 20, () => clock);
});
afterAll(() => commerce?.stop());

describe('password reset tokens', () => {
  it('work until ten minutes have passed, and not after', async () => {
    const api = client(commerce);
    const token = async () =>
      (
        await api.gql(
          `mutation { customerCreatePasswordResetToken(email: "shopper@everwear.example", ttlMinutes: 10, storeKey: "everwear") { value expiresAt } }`,
        )
      ).customerCreatePasswordResetToken;
    const reset = (value: string) =>
      api.gql(
        `mutation($t: String!) { customerResetPassword(tokenValue: $t, newPassword: "Clock-Pass-123", storeKey: "everwear") { id } }`,
        { t: value },
      );

    const early = await token();
    expect(Date.parse(early.expiresAt) - clock).toBe(10 * 60_000);
    clock += 10 * 60_000 - 1000;
    await expect(reset(early.value)).resolves.toBeTruthy();

    const late = await token();
    clock += 10 * 60_000;
    expect(await codeOf(reset(late.value))).toBe('InvalidSubject');
  });
});
