import { createLogger } from '@shop/node-kit';
import { eventually } from '@shop/node-kit/testing';
import { createMemoryQueue, jobIdOf } from './job-queue';

const logger = createLogger('silent');

describe('the embedded job queue', () => {
  it('runs a job once per key, however often it is sent', async () => {
    const queue = createMemoryQueue(logger);
    const ran: unknown[] = [];
    await queue.work('mail', async (data) => void ran.push(data));
    await queue.send('mail', { n: 1 }, 'VF0000000001:order-placed');
    await queue.send('mail', { n: 2 }, 'VF0000000001:order-placed');
    await queue.send('mail', { n: 3 });
    await eventually(() => expect(ran).toEqual([{ n: 1 }, { n: 3 }]));
    await queue.close();
  });

  it('retries a failing job with backoff, then keeps it on the dead-letter list', async () => {
    const queue = createMemoryQueue(logger, { retry: { retries: 2, delaySeconds: 0.01 } });
    let attempts = 0;
    await queue.work('loyalty', async () => {
      attempts += 1;
      throw new Error('vendor away');
    });
    await queue.send('loyalty', { orderNumber: 'VF0000000002' });
    await eventually(async () => expect(await queue.depth()).toContainEqual({ queue: 'loyalty', waiting: 0, dead: 1 }));
    expect(attempts).toBe(3);
    await queue.close();
  });

  it('holds jobs sent before a worker starts, and a job that succeeds on a retry leaves nothing behind', async () => {
    const queue = createMemoryQueue(logger, { retry: { retries: 3, delaySeconds: 0.01 } });
    await queue.send('mail', { n: 1 });
    expect(await queue.depth()).toContainEqual({ queue: 'mail', waiting: 1, dead: 0 });
    let attempts = 0;
    await queue.work('mail', async () => {
      attempts += 1;
      if (attempts < 2) throw new Error('relay busy');
    });
    await eventually(async () => expect(await queue.depth()).toContainEqual({ queue: 'mail', waiting: 0, dead: 0 }));
    expect(attempts).toBe(2);
    await queue.close();
  });

  it('lists a dead job and sends it again once, its attempts starting afresh', async () => {
    const queue = createMemoryQueue(logger, { retry: { retries: 1, delaySeconds: 0.01 } });
    let away = true;
    const sent: unknown[] = [];
    await queue.work('mail', async (data) => {
      if (away) throw new Error('relay away');
      sent.push(data);
    });
    await queue.send('mail', { storeKey: 'vanityfair', mail: { kind: 'order-placed', to: 'a@example.com' } });
    await eventually(async () => expect(await queue.depth()).toContainEqual({ queue: 'mail', waiting: 0, dead: 1 }));
    const [dead] = await queue.deadJobs('mail', 10);
    expect(dead).toMatchObject({ queue: 'mail', data: { storeKey: 'vanityfair' } });
    expect(Date.parse(dead.deadSince)).not.toBeNaN();
    expect(await queue.deadJobs('loyalty', 10)).toEqual([]);

    away = false;
    expect(await queue.sendAgain('mail', dead.id)).toBe(true);
    expect(await queue.sendAgain('mail', dead.id)).toBe(false);
    await eventually(() => expect(sent).toHaveLength(1));
    expect(await queue.depth()).toContainEqual({ queue: 'mail', waiting: 0, dead: 0 });
    await queue.close();
  });

  it('names a keyed job by a UUID of its queue and key', () => {
    const id = jobIdOf('mail', 'VF0000000001:order-placed');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(jobIdOf('mail', 'VF0000000001:order-placed')).toBe(id);
    expect(jobIdOf('loyalty', 'VF0000000001:order-placed')).not.toBe(id);
  });
});
