import { CommerceRequestError } from '../../clients/commercetools';
import {
  CartQueueUnavailableError,
  type CartWriteQueue,
  createMemoryCartWriteQueue,
} from '../../data-access/cart-write-queue';
import { createCartWriteStats } from '../../shared/cart-write-stats';
import { DomainError } from '../../shared/domain-error';
import { createCartWriter } from './cart-writer';

const lostRace = () => new CommerceRequestError(409, 'ConcurrentModification', 'version', {}, undefined, 'UpdateCart');

describe('the cart writer', () => {
  it('refuses a write whose cart version moved outside its turn as CART_CONFLICT, once, counting it', async () => {
    const stats = createCartWriteStats();
    const write = createCartWriter(createMemoryCartWriteQueue(), stats);
    let attempts = 0;
    const failure = await write('vanityfair:guest-1', async () => {
      attempts += 1;
      throw lostRace();
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DomainError);
    expect((failure as DomainError).code).toBe('CART_CONFLICT');
    // The queue is the one mechanism: nothing is made again here (the browser sends it again with its key).
    expect(attempts).toBe(1);
    expect(stats).toEqual({ writes: 0, conflicts: 1, repeats: 0 });

    const refused = new DomainError('INVALID_QUANTITY', 'Only 2 left.');
    await expect(
      write('k', async () => {
        throw refused;
      }),
    ).rejects.toBe(refused);
    expect(stats.conflicts).toBe(1);
  });

  it('stops a task at its next write once its turn is lost, as a write that is safe to send again', async () => {
    const lost = new AbortController();
    const queue: CartWriteQueue = {
      run: (_key, task) => task({ signal: lost.signal }),
      close: async () => undefined,
    };
    const write = createCartWriter(queue, createCartWriteStats());
    const written: string[] = [];
    const failure = await write('k', async (turn) => {
      turn.stillHeld();
      written.push('first');
      lost.abort(new Error('lease lost'));
      turn.stillHeld();
      written.push('second');
    }).catch((error: unknown) => error);
    expect(written).toEqual(['first']);
    expect(failure).toBeInstanceOf(CartQueueUnavailableError);
    expect((failure as CartQueueUnavailableError).reason).toBe('unavailable');
  });

  it('runs the writes to one bag one at a time, and writes to different bags side by side', async () => {
    const write = createCartWriter(createMemoryCartWriteQueue(), createCartWriteStats());
    const log: string[] = [];
    const task = (name: string, ms: number) => async () => {
      log.push(`${name} start`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      log.push(`${name} end`);
    };
    await Promise.all([write('a', task('a1', 20)), write('a', task('a2', 1)), write('b', task('b1', 1))]);
    expect(log.indexOf('a1 end')).toBeLessThan(log.indexOf('a2 start'));
    expect(log.indexOf('b1 end')).toBeLessThan(log.indexOf('a1 end'));
  });
});
