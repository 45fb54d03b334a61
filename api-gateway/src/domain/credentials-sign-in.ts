import { InvalidHashFormatError, type Logger, verifyPassword } from '@shop/node-kit';
import type { SessionUser } from '../auth/session-token';
import type { CaptchaClient } from '../clients/captcha/captcha-client';
import { type CommerceClient, CommerceRequestError } from '../clients/commerce/commerce-client';
import { predicateLiteral } from '../clients/commerce/predicate-literal';
import { type CommerceCustomer, sessionUserFor } from './session-user';

type Customer = CommerceCustomer;

export interface CredentialsInput {
  email: string;
  /** The password in NFC (see normalisePassword in @shop/contracts). */
  password: string;
  /** As the shopper typed it, when that differs: for accounts whose hash predates normalisation. */
  passwordAsTyped?: string;
  captcha: unknown;
  storeKey: string;
  /** The brand's legacyPasswordMigration flag. */
  legacyMigration: boolean;
  correlationId: string;
}

interface Deps {
  commerce: CommerceClient;
  captcha: CaptchaClient;
  logger: Logger;
}

const LEGACY_LOOKUP = `query LegacyCustomer($where: String) {
  customers(where: $where, limit: 1) { results { id custom { customFieldsRaw(includeNames: ["legacyHash"]) { name value } } } } }`;
const CREATE_RESET_TOKEN = `mutation CreateResetToken($email: String!, $storeKey: KeyReferenceInput) {
  customerCreatePasswordResetToken(email: $email, ttlMinutes: 10, storeKey: $storeKey) { value } }`;
const RESET_PASSWORD = `mutation ResetPassword($tokenValue: String!, $newPassword: String!, $storeKey: KeyReferenceInput) {
  customerResetPassword(tokenValue: $tokenValue, newPassword: $newPassword, storeKey: $storeKey) { id } }`;

/**
 * Credentials sign-in (SPEC §4/§5): the captcha must pass (or the internal test secret be
 * given), then the commerce in-store login; when that fails and the brand migrates legacy
 * passwords, a customer whose legacyHash verifies gets the entered password set through a
 * reset token (which clears the hash) and the login is retried. Returns nothing on failure.
 */
export async function credentialsSignIn(input: CredentialsInput, { commerce, captcha, logger }: Deps): Promise<SessionUser | undefined> {
  if (!(await captcha.verify(input.captcha))) {
    logger.warn('Token or captcha verification failed', { correlationId: input.correlationId });
    return undefined;
  }
  const call = { correlationId: input.correlationId, expected: ['InvalidCredentials'] };
  const loginWith = (password: string) => commerce.inStoreLogin<{ customer: Customer }>(input.storeKey, { email: input.email, password }, call);
  const login = async () => {
    try {
      return await loginWith(input.password);
    } catch (error) {
      const wrongPassword = error instanceof CommerceRequestError && [400, 401].includes(error.status);
      if (!wrongPassword || input.passwordAsTyped === undefined || input.passwordAsTyped === input.password) throw error;
      return loginWith(input.passwordAsTyped);
    }
  };
  try {
    return sessionUserFor((await login()).customer);
  } catch (error) {
    if (!(error instanceof CommerceRequestError) || ![400, 401].includes(error.status) || !input.legacyMigration) return undefined;
  }
  if (!(await migrateLegacyPassword(input, commerce, logger))) return undefined;
  try {
    return sessionUserFor((await login()).customer);
  } catch {
    return undefined;
  }
}

async function migrateLegacyPassword(input: CredentialsInput, commerce: CommerceClient, logger: Logger): Promise<boolean> {
  const call = { correlationId: input.correlationId, expected: ['InvalidSubject'] };
  const found = await commerce.graphql<{ customers: { results: Array<{ custom?: { customFieldsRaw?: Array<{ name: string; value: unknown }> } }> } }>(
    'LegacyCustomer',
    LEGACY_LOOKUP,
    { where: `email=${predicateLiteral(input.email)} and stores(key=${predicateLiteral(input.storeKey)})` },
    call,
  );
  const legacyHash = found.customers.results[0]?.custom?.customFieldsRaw?.find((field) => field.name === 'legacyHash')?.value;
  if (typeof legacyHash !== 'string') return false;
  try {
    // The legacy system hashed what was typed; the new hash is of the normalised password.
    if (!(await verifyPassword(input.passwordAsTyped ?? input.password, legacyHash))) return false;
  } catch (error) {
    if (error instanceof InvalidHashFormatError) {
      logger.error('Invalid hash format', { correlationId: input.correlationId });
      return false;
    }
    throw error;
  }
  const token = await commerce.graphql<{ customerCreatePasswordResetToken: { value: string } }>(
    'CreateResetToken',
    CREATE_RESET_TOKEN,
    { email: input.email, storeKey: input.storeKey },
    call,
  );
  await commerce.graphql('ResetPassword', RESET_PASSWORD, { tokenValue: token.customerCreatePasswordResetToken.value, newPassword: input.password, storeKey: input.storeKey }, call);
  logger.info('Migrated a legacy password', { correlationId: input.correlationId });
  return true;
}
