import type { Logger } from '@shop/node-kit';
import { type CredentialsDeps, type CredentialsInput, type SignInOutcome, credentialsSignIn } from './credentials-sign-in';
import type { Throttle } from './throttle';

export interface SignInAttemptDeps extends CredentialsDeps {
  throttle: Throttle;
  logger: Logger;
}

/**
 * One credentials sign-in from an address, under the brute-force limits. Only a refusal counts as
 * a wrong password: an upstream outage must not lock a customer out once it is over. A throttled
 * attempt is answered exactly like a wrong password and costs the same password work (the
 * platform's check and ours, both stood in for by the dummy), so its timing does not reveal the
 * limit either.
 */
export async function attemptSignIn(input: CredentialsInput, ip: string, deps: SignInAttemptDeps): Promise<SignInOutcome> {
  const { throttle, passwords, logger } = deps;
  if (!(await throttle.signInAllowed(ip, input.email))) {
    logger.warn('Sign-in throttled', { correlationId: input.correlationId });
    await passwords.verifyDummy(input.password);
    await passwords.verifyDummy(input.password);
    return { kind: 'refused' };
  }
  const outcome = await credentialsSignIn(input, deps);
  if (outcome.kind === 'signed-in') await throttle.signInSucceeded(ip, input.email);
  if (outcome.kind === 'refused') await throttle.signInFailed(ip, input.email);
  return outcome;
}
