import type { Logger } from '@shop/node-kit';
import type { Throttle } from '../../shared/throttle';
import type { AnswerPacer } from '../auth/answer-pacer';
import type { PasswordVerifier } from '../auth/password-work';
import { StaffAccountConflict, type StaffAccountRepository } from './staff-account-repository';
import type { StaffAccount } from './staff-account';
import { acceptedStep } from './totp';

export interface StaffSignInInput {
  email: string;
  password: string;
  totp?: string;
  ip: string;
  correlationId: string;
}

export interface StaffSignInDeps {
  accounts: StaffAccountRepository;
  passwords: PasswordVerifier;
  throttle: Pick<Throttle, 'staffSignInReserved' | 'staffSignInReleased' | 'staffSignInSucceeded'>;
  pacer: AnswerPacer;
  logger: Logger;
  now?: () => number;
}

/**
 * A staff sign-in: the password, then the authenticator's code for a time step later than the
 * last one accepted, recorded on the account by a versioned write before the session starts, so
 * a code works once even when two gateways see it at the same moment. Every refusal looks the
 * same (unknown address, disabled account, wrong password, missing, wrong or replayed code,
 * locked account) and costs about the same time: the answer is the account or undefined.
 *
 * The attempt takes its place under the account's failure limit before the password is checked
 * (one atomic increment), so twenty concurrent attempts get at most the limit's worth of checks;
 * a success clears the count, and an attempt that fails on an error of ours gives its place back.
 */
export async function staffSignIn(input: StaffSignInInput, deps: StaffSignInDeps): Promise<StaffAccount | undefined> {
  const { throttle, pacer, logger } = deps;
  if (!(await throttle.staffSignInReserved(input.ip, input.email))) {
    logger.warn('Staff sign-in throttled', { correlationId: input.correlationId });
    await pacer.wait();
    return undefined;
  }
  try {
    return await checkedSignIn(input, deps);
  } catch (error) {
    await throttle.staffSignInReleased(input.email);
    throw error;
  }
}

async function checkedSignIn(input: StaffSignInInput, deps: StaffSignInDeps): Promise<StaffAccount | undefined> {
  const { accounts, passwords, throttle, pacer, logger } = deps;
  const now = deps.now ?? Date.now;
  const started = performance.now();
  const refuse = async (why: string) => {
    logger.warn('Staff sign-in refused', { correlationId: input.correlationId, why });
    pacer.observe(performance.now() - started);
    return undefined;
  };
  const found = await accounts.read(input.email, input.correlationId);
  if (!found || found.account.disabled) {
    await passwords.verifyDummy(input.password);
    return refuse(found ? 'disabled' : 'unknown');
  }
  const { account, version } = found;
  if (!(await passwords.verify(input.password, account.passwordHash))) return refuse('password');
  const secret = accounts.totpSecret(account);
  if (secret === undefined) {
    // Sealed under another AUTH_SECRET, or altered: only a new authenticator helps.
    logger.error('Staff second factor unreadable; reset it with npm run staff -- reset-totp', {
      correlationId: input.correlationId,
    });
    return refuse('second factor unreadable');
  }
  const step = await acceptedStep(secret, input.totp, account.totp.lastStep, now());
  if (step === undefined) return refuse('second factor');
  try {
    // The write seals a secret still held in clear from before sealing.
    const saved = await accounts.write(
      { ...account, totp: { ...account.totp, lastStep: step } },
      version,
      input.correlationId,
    );
    await throttle.staffSignInSucceeded(input.email);
    return saved.account;
  } catch (error) {
    // Another sign-in (or a role change) wrote first: this code is not accepted twice.
    if (error instanceof StaffAccountConflict) return refuse('concurrent');
    throw error;
  }
}
