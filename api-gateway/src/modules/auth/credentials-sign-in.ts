import { InvalidHashFormatError, type Logger } from '@shop/node-kit';
import type { SessionUser } from '../../sessions/session-token';
import type { CaptchaClient } from '../../clients/captcha/captcha-client';
import { type CommerceClient, CommerceRequestError } from '../../clients/commercetools';
import { UpstreamUnavailableError } from '../../clients/upstream-guard';
import type { PasswordVerifier } from './password-work';
import { sessionUserFor } from './session-user';

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
  /** The guest's bag, which the login makes the customer's active cart (UseAsNewActiveCustomerCart). */
  anonymousCartId?: string;
}

/**
 * Signed in; refused (wrong password or captcha: counts against the throttle); or unavailable (an
 * upstream fault: the shopper did nothing wrong and is told to try again later, nothing counted).
 */
export type SignInOutcome =
  | { kind: 'signed-in'; user: SessionUser; /** The active cart the login left the customer with. */ cartId?: string }
  | { kind: 'refused' }
  | { kind: 'unavailable' };

export interface CredentialsDeps {
  commerce: CommerceClient;
  captcha: CaptchaClient;
  logger: Logger;
  passwords: PasswordVerifier;
}

const REFUSED: SignInOutcome = { kind: 'refused' };
const wrongPassword = (error: unknown) => error instanceof CommerceRequestError && [400, 401].includes(error.status);

/**
 * Credentials sign-in (SPEC §4/§5): the captcha must pass (or the internal test secret be
 * given), then the commerce in-store login; when that fails and the brand migrates legacy
 * passwords, a customer whose legacyHash verifies gets the entered password set through a
 * reset token (which clears the hash) and the login is retried. Every wrong password costs one
 * password check here, real or dummy, so legacy accounts cannot be told apart by timing.
 */
export async function credentialsSignIn(input: CredentialsInput, deps: CredentialsDeps): Promise<SignInOutcome> {
  try {
    return await attempt(input, deps);
  } catch (error) {
    if (error instanceof UpstreamUnavailableError) {
      deps.logger.warn('Sign-in unavailable', { correlationId: input.correlationId, upstream: error.upstream });
      return { kind: 'unavailable' };
    }
    // The platform refused in a way no shopper causes (logged where it happened): not a wrong password either.
    if (error instanceof CommerceRequestError) return { kind: 'unavailable' };
    throw error;
  }
}

async function attempt(
  input: CredentialsInput,
  { commerce, captcha, logger, passwords }: CredentialsDeps,
): Promise<SignInOutcome> {
  if (!(await captcha.verify(input.captcha))) {
    logger.warn('Token or captcha verification failed', { correlationId: input.correlationId });
    return REFUSED;
  }
  const call = { correlationId: input.correlationId, expected: ['InvalidCredentials'] };
  const loginWith = (password: string) =>
    commerce.signIn(input.storeKey, { email: input.email, password }, call, input.anonymousCartId);
  const signedIn = (customer: Awaited<ReturnType<typeof loginWith>>): SignInOutcome => ({
    kind: 'signed-in',
    user: sessionUserFor(customer),
    ...(customer.cartId ? { cartId: customer.cartId } : {}),
  });
  const login = async () => {
    try {
      return await loginWith(input.password);
    } catch (error) {
      if (!wrongPassword(error) || input.passwordAsTyped === undefined || input.passwordAsTyped === input.password)
        throw error;
      return loginWith(input.passwordAsTyped);
    }
  };
  try {
    return signedIn(await login());
  } catch (error) {
    if (!wrongPassword(error)) throw error;
  }
  if (!(await migrateLegacyPassword(input, commerce, logger, passwords))) return REFUSED;
  try {
    return signedIn(await login());
  } catch (error) {
    if (!wrongPassword(error)) throw error;
    return REFUSED;
  }
}

/** True when the legacy hash verified and the password was migrated; exactly one password check either way. */
async function migrateLegacyPassword(
  input: CredentialsInput,
  commerce: CommerceClient,
  logger: Logger,
  passwords: PasswordVerifier,
): Promise<boolean> {
  const typed = input.passwordAsTyped ?? input.password;
  const legacyHash = input.legacyMigration ? await findLegacyHash(input, commerce) : undefined;
  if (legacyHash === undefined) {
    await passwords.verifyDummy(typed);
    return false;
  }
  try {
    // The legacy system hashed what was typed; the new hash is of the normalised password.
    if (!(await passwords.verify(typed, legacyHash))) return false;
  } catch (error) {
    if (!(error instanceof InvalidHashFormatError)) throw error;
    logger.error('Invalid hash format', { correlationId: input.correlationId });
    await passwords.verifyDummy(typed);
    return false;
  }
  const call = { correlationId: input.correlationId, expected: ['InvalidSubject'] };
  const token = await commerce.createPasswordResetToken(input.storeKey, input.email, call);
  await commerce.resetPassword(input.storeKey, token, input.password, call);
  logger.info('Migrated a legacy password', { correlationId: input.correlationId });
  return true;
}

function findLegacyHash(input: CredentialsInput, commerce: CommerceClient): Promise<string | undefined> {
  return commerce.findLegacyPasswordHash(input.storeKey, input.email, {
    correlationId: input.correlationId,
    expected: ['InvalidSubject'],
  });
}
