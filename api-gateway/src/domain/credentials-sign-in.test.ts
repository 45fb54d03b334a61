import { CommerceRequestError } from '../clients/commerce/commerce-client';
import { credentialsSignIn } from './credentials-sign-in';

const logged: string[] = [];
const logger = { debug: () => undefined, info: () => undefined, warn: (m: string) => logged.push(m), error: (m: string) => logged.push(m) };
const captcha = { verify: async (answer: unknown) => answer === 'ok', challenge: async () => 'token' };

function commerceWith(legacyHash: string) {
  const calls: string[] = [];
  return {
    calls,
    client: {
      inStoreLogin: async () => {
        calls.push('login');
        throw new CommerceRequestError(400, 'InvalidCredentials', 'Account with the given credentials not found.', {}, undefined);
      },
      graphql: async (operation: string) => {
        calls.push(operation);
        return { customers: { results: [{ custom: { customFieldsRaw: [{ name: 'legacyHash', value: legacyHash }] } }] } };
      },
    },
  };
}

const input = { email: 'a@example.com', password: 'Legacy-Pass-1', captcha: 'ok', storeKey: 'vanityfair', legacyMigration: true, correlationId: 'c-1' };

describe('credentials sign-in', () => {
  beforeEach(() => (logged.length = 0));

  it('returns nothing and logs when the captcha fails', async () => {
    const { client } = commerceWith('x');
    expect(await credentialsSignIn({ ...input, captcha: 'bad' }, { commerce: client as never, captcha, logger })).toBeUndefined();
    expect(logged).toEqual(['Token or captcha verification failed']);
  });

  it('handles a legacy hash in the wrong format: logs "Invalid hash format" and signs nobody in', async () => {
    const { client, calls } = commerceWith('$md5$not-a-scrypt-hash');
    expect(await credentialsSignIn(input, { commerce: client as never, captcha, logger })).toBeUndefined();
    expect(logged).toContain('Invalid hash format');
    expect(calls).toEqual(['login', 'LegacyCustomer']);
  });

  it('does not look for a legacy hash when the brand does not migrate', async () => {
    const { client, calls } = commerceWith('x');
    expect(await credentialsSignIn({ ...input, legacyMigration: false }, { commerce: client as never, captcha, logger })).toBeUndefined();
    expect(calls).toEqual(['login']);
  });
});
