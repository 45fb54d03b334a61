import { CommerceRequestError } from '../../clients/commercetools';
import { createMemoryCartWriteQueue } from '../../data-access/cart-write-queue';
import { createCartWriteStats } from '../../shared/cart-write-stats';
import { DomainError } from '../../shared/domain-error';
import { createCartWriter } from './cart-writer';

const lostRace = () => new CommerceRequestError(409, 'ConcurrentModification', 'version', {}, undefined, 'UpdateCart');

describe('the cart writer', () => {
  it('reads and writes again after a lost race on the version, counting each retry', async () => {
    const stats = createCartWriteStats();
    const write = createCartWriter(createMemoryCartWriteQueue(), stats);
    let attempts = 0;
    const answer = await write('vanityfair:guest-1', async () => {
      attempts += 1;
      if (attempts < 3) throw lostRace();
      return 'written';
    });
    expect(answer).toBe('written');
    expect(stats).toEqual({ writes: 0, commerceRetries: 2, conflicts: 0, repeats: 0 });
  });

  it('gives up after six lost races with CART_CONFLICT, and never retries any other failure', async () => {
    const stats = createCartWriteStats();
    const write = createCartWriter(createMemoryCartWriteQueue(), stats);
    let attempts = 0;
    const failure = await write('k', async () => {
      attempts += 1;
      throw lostRace();
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DomainError);
    expect((failure as DomainError).code).toBe('CART_CONFLICT');
    expect(attempts).toBe(6);
    expect(stats.conflicts).toBe(1);

    attempts = 0;
    const refused = new DomainError('INVALID_QUANTITY', 'Only 2 left.');
    await expect(
      write('k', async () => {
        attempts += 1;
        throw refused;
      }),
    ).rejects.toBe(refused);
    expect(attempts).toBe(1);
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
