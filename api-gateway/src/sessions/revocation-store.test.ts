import { mkdtempSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { type RevocationStore, createFileRevocationStore, createRedisRevocationStore } from './revocation-store';

const fileStore = () => {
  const path = join(mkdtempSync(join(tmpdir(), 'revocations-')), 'sessions', 'revocations.jsonl');
  return {
    store: createFileRevocationStore(path),
    reopen: () => createFileRevocationStore(path),
    close: () => undefined,
    path,
  };
};

const stores: Array<[string, () => { store: RevocationStore; reopen?: () => RevocationStore; close: () => void }]> = [
  ['file', fileStore],
  [
    'redis',
    () => {
      const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
      return {
        store: createRedisRevocationStore(redis),
        reopen: () => createRedisRevocationStore(redis),
        close: () => redis.disconnect(),
      };
    },
  ],
];

describe.each(stores)('%s revocation store', (_name, make) => {
  const { store, reopen, close } = make();
  afterAll(() => close());
  const session = (jti: string, customerId?: string, issuedAtMs = Date.now()) => ({ jti, customerId, issuedAtMs });

  it('remembers an ended session until it would have expired', async () => {
    const id = `session-${Math.random()}`;
    expect(await store.isRevoked(session(id))).toBe(false);
    await store.revoke(id, Date.now() / 1000 + 60);
    expect(await store.isRevoked(session(id))).toBe(true);
    const expired = `session-${Math.random()}`;
    await store.revoke(expired, Date.now() / 1000 - 10);
    expect(await store.isRevoked(session(expired))).toBe(false);
  });

  it('ends every session a customer had before a cut-off, and none issued after it', async () => {
    const customer = `customer-${Math.random()}`;
    const cutOff = Date.now();
    await store.revokeCustomer(customer, cutOff);
    expect(await store.isRevoked(session('before', customer, cutOff - 1))).toBe(true);
    expect(await store.isRevoked(session('after', customer, cutOff))).toBe(false);
    expect(await store.isRevoked(session('other', `someone-else-${Math.random()}`, cutOff - 1))).toBe(false);
    // An older cut-off arriving late never brings earlier sessions back.
    await store.revokeCustomer(customer, cutOff - 60_000);
    expect(await store.isRevoked(session('before', customer, cutOff - 1))).toBe(true);
  });

  if (reopen) {
    it('still refuses ended sessions after a restart', async () => {
      const id = `session-${Math.random()}`;
      const customer = `customer-${Math.random()}`;
      await store.revoke(id, Date.now() / 1000 + 60);
      await store.revokeCustomer(customer, Date.now());
      const restarted = reopen();
      expect(await restarted.isRevoked(session(id))).toBe(true);
      expect(await restarted.isRevoked(session('old', customer, Date.now() - 1000))).toBe(true);
    });
  }
});

it('the file store skips a torn last line and keeps every complete one', async () => {
  const { store, reopen, path } = fileStore();
  await store.revoke('kept', Date.now() / 1000 + 60);
  appendFileSync(path, '{"jti":"torn","ex');
  const restarted = reopen();
  expect(await restarted.isRevoked({ jti: 'kept', issuedAtMs: 0 })).toBe(true);
  expect(await restarted.isRevoked({ jti: 'torn', issuedAtMs: 0 })).toBe(false);
});
