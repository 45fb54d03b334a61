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
 * One credentials sign-in from an address, under the brute-force limits. Only a refusal counts as
 * a wrong password: an upstream outage must not lock a customer out once it is over. A throttled
 * attempt is answered exactly like a wrong password, after about as long as a wrong password
 * takes (see AnswerPacer), so its timing does not reveal the limit either.
 */
export async function attemptSignIn(
  input: CredentialsInput,
  ip: string,
  deps: SignInAttemptDeps,
): Promise<SignInOutcome> {
  const { throttle, logger, pacer } = deps;
  if (!(await throttle.signInAllowed(ip, input.email))) {
    logger.warn('Sign-in throttled', { correlationId: input.correlationId });
    await pacer.wait();
    return { kind: 'refused' };
  }
  const started = performance.now();
  const outcome = await credentialsSignIn(input, deps);
  if (outcome.kind === 'signed-in') await throttle.signInSucceeded(ip, input.email);
  if (outcome.kind === 'refused') {
    pacer.observe(performance.now() - started);
    await throttle.signInFailed(ip, input.email);
  }
  return outcome;
}
