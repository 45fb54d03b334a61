import { createSerialQueue } from './serial-queue';

/** A task the test finishes by hand, recording when it started. */
function deferred(log: string[], name: string) {
  let finish!: (value: string) => void;
  let fail!: (error: Error) => void;
  const task = () =>
    new Promise<string>((resolve, reject) => {
      log.push(`start ${name}`);
      finish = (value) => {
        log.push(`end ${name}`);
        resolve(value);
      };
      fail = (error) => {
        log.push(`fail ${name}`);
        reject(error);
      };
    });
  return { task, finish: (value = name) => finish(value), fail: (error: Error) => fail(error) };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the cart serial queue (SPEC §4)', () => {
  it('runs one task at a time, in the order they were queued', async () => {
    const queue = createSerialQueue();
    const log: string[] = [];
    const a = deferred(log, 'a');
    const b = deferred(log, 'b');
    const c = deferred(log, 'c');
    const results = [queue.run(a.task), queue.run(b.task), queue.run(c.task)];
    await settle();
    expect(log).toEqual(['start a']);
    expect(queue.size).toBe(3);
    a.finish();
    await settle();
    expect(log).toEqual(['start a', 'end a', 'start b']);
    b.finish();
    await settle();
    c.finish();
    await expect(Promise.all(results)).resolves.toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(queue.size).toBe(0);
  });

  it('rejects only the task that failed and carries on with the next one', async () => {
    const queue = createSerialQueue();
    const log: string[] = [];
    const a = deferred(log, 'a');
    const b = deferred(log, 'b');
    const first = queue.run(a.task);
    const second = queue.run(b.task);
    await settle();
    a.fail(new Error('refused'));
    await expect(first).rejects.toThrow('refused');
    await settle();
    b.finish();
    await expect(second).resolves.toBe('b');
    expect(log).toEqual(['start a', 'fail a', 'start b', 'end b']);
  });

  it('starts a task queued after the queue went idle straight away', async () => {
    const queue = createSerialQueue();
    await queue.run(async () => 'first');
    const log: string[] = [];
    const later = deferred(log, 'later');
    const result = queue.run(later.task);
    await settle();
    expect(log).toEqual(['start later']);
    later.finish();
    await expect(result).resolves.toBe('later');
  });
});
