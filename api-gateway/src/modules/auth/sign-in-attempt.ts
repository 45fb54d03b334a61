import type { Logger } from '@shop/node-kit';
import {
  type CredentialsDeps,
  type CredentialsInput,
  type SignInOutcome,
  credentialsSignIn,
} from './credentials-sign-in';
import type { AnswerPacer } from './answer-pacer';
import type { Throttle } from '../../shared/throttle';

export interface SignInAttemptDeps extends CredentialsDeps {
  throttle: Throttle;
  logger: Logger;
  pacer: AnswerPacer;
}

/**
 * One credentials sign-in from an address, under the brute-force limits. The attempt takes its
 * place under the account-at-address limit before the password is checked (one atomic
 * increment), so a burst of concurrent attempts gets at most the limit's worth of checks. Only a
 * refusal keeps its place as a wrong password: a success clears the count, and an upstream outage
 * gives the place back, so it does not lock a customer out once it is over. A throttled attempt
 * is answered exactly like a wrong password, after about as long as a wrong password takes (see
 * AnswerPacer), so its timing does not reveal the limit either.
 */
export async function attemptSignIn(
  input: CredentialsInput,
  ip: string,
  deps: SignInAttemptDeps,
): Promise<SignInOutcome> {
  const { throttle, logger, pacer } = deps;
  if (!(await throttle.signInReserved(ip, input.email))) {
    logger.warn('Sign-in throttled', { correlationId: input.correlationId });
    await pacer.wait();
    return { kind: 'refused' };
  }
  const started = performance.now();
  let outcome: SignInOutcome;
  try {
    outcome = await credentialsSignIn(input, deps);
  } catch (error) {
    await throttle.signInReleased(ip, input.email);
    throw error;
  }
  if (outcome.kind === 'signed-in') await throttle.signInSucceeded(ip, input.email);
  if (outcome.kind === 'unavailable') await throttle.signInReleased(ip, input.email);
  if (outcome.kind === 'refused') {
    logger.warn('Sign-in refused', { correlationId: input.correlationId });
    pacer.observe(performance.now() - started);
  }
  return outcome;
}
