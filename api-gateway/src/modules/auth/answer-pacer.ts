import { randomInt } from 'node:crypto';

/**
 * How long a wrong password usually takes to answer, learnt from real ones (a moving average),
 * so an attempt refused by the throttle can wait that long instead of answering at once. Waiting
 * costs nothing: doing the password work for every throttled attempt would let an attacker who
 * has hit the limit spend the server's CPU and scrypt memory at will.
 */
export interface AnswerPacer {
  /** A wrong password was answered after this many ms. */
  observe(ms: number): void;
  /** Waits about as long as a wrong password takes, with some jitter. */
  wait(): Promise<void>;
}

export function createAnswerPacer({
  initialMs = 500,
  weight = 0.1,
  sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
} = {}): AnswerPacer {
  let typical = initialMs;
  return {
    observe(ms) {
      // A stalled upstream must not teach the pacer to hold throttled requests for seconds.
      typical += weight * (Math.min(ms, 5_000) - typical);
    },
    wait: () => sleep(Math.round(typical * (0.85 + randomInt(0, 301) / 1000))),
  };
}
