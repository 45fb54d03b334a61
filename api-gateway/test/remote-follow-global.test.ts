import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RegistryRepository } from '../src/data-access/registry-repository';
import { RemoteStore } from '../src/data-access/remote-store';
import { catalogBuild, startRemoteAdmin, writeShellManifest } from './remote-admin-support';
import { request, startTestGateway } from './support';

/**
 * A brand's own release of a remote, undone: a rollback after the brand's only own release says
 * the brand can follow the release for all brands again, and following it drops the brand's pin
 * (recorded like every registry change), so later releases for all brands reach the brand. The
 * admin routes run in an app of their own on the gateway's data folder.
 */

let gateway: Awaited<ReturnType<typeof startTestGateway>>;
let admin: Awaited<ReturnType<typeof startRemoteAdmin>>;
let registry: RegistryRepository;
let v1: string;
let v2: string;
let v3: string;

beforeAll(async () => {
  gateway = await startTestGateway();
  writeShellManifest(gateway.config.shellDist);
  const store = new RemoteStore(join(gateway.dataDir, 'remotes'));
  v1 = (await store.publish(catalogBuild('1.0.0'))).version;
  v2 = (await store.publish(catalogBuild('1.1.0'))).version;
  v3 = (await store.publish(catalogBuild('1.2.0'))).version;
  registry = new RegistryRepository(gateway.dataDir);
  await registry.release('*', 'catalog', v1, { actor: 'cli:test', reason: 'first publish' });
  admin = await startRemoteAdmin(gateway, store);
});

afterAll(async () => {
  await gateway.stop();
  await admin.close();
});

const manager = 'ana@shop.example hoopcraft=manager';
const viewer = 'val@shop.example hoopcraft=viewer';
const at = async () => (await admin.call('/brands/hoopcraft/remotes', viewer)).body.registryVersion as number;
const catalogOf = async () =>
  (await admin.call('/brands/hoopcraft/remotes', viewer)).body.remotes.find(
    (remote: { remote: string }) => remote.remote === 'catalog',
  );
/** The catalog version a brand's pages load, as its shoppers' browsers ask for it. */
const servedTo = async (brand: string) => {
  const answer = await request(`${gateway.url}/api/remotes`, { headers: { host: `${brand}.localhost` } });
  return ((await answer.json()) as { remotes: { catalog: { version: string } } }).remotes.catalog.version;
};
const auditLines = () =>
  readFileSync(join(gateway.dataDir, 'registry-audit.jsonl'), 'utf8').split('\n').filter(Boolean).length;
const follow = async (
  body: Record<string, unknown> = {},
  staff = manager,
  path = '/brands/hoopcraft/remotes/catalog',
) =>
  admin.call(`${path}/follow-global`, staff, {
    reason: 'back on the shared release',
    registryVersion: await at(),
    ...body,
  });

describe('a brand back on the release for all brands', () => {
  it('answers a rollback after the brand’s only own release with what can be done instead', async () => {
    const released = await admin.call('/brands/hoopcraft/remotes/catalog/release', manager, {
      version: v2,
      reason: 'new listing for hoopcraft',
      registryVersion: await at(),
    });
    expect(released.status).toBe(200);
    expect(await servedTo('hoopcraft')).toBe(v2);
    expect(await catalogOf()).toMatchObject({
      live: { version: v2, inherited: false },
      allBrandsLive: v1,
      history: [],
    });

    const before = await at();
    const rollback = await admin.call('/brands/hoopcraft/remotes/catalog/rollback', manager, {
      reason: 'the new listing is slow',
      registryVersion: before,
    });
    expect(rollback.status).toBe(409);
    expect(rollback.body.error).toMatchObject({
      code: 'REGISTRY_STATE_CONFLICT',
      correlationId: expect.any(String),
      canFollowAllBrands: true,
      allBrandsLive: v1,
    });
    expect(rollback.body.error.message).toBe(
      `catalog has no earlier release for hoopcraft to roll back to. hoopcraft runs its own release ${v2}: it can follow the release for all brands (${v1}) again, or release an earlier published version for hoopcraft.`,
    );
    expect(await at()).toBe(before);
  });

  it('refuses an unknown remote or brand, a viewer, another brand’s manager, bad input and a stale read, in the one error shape', async () => {
    const before = await at();
    const lines = auditLines();
    const refusals = [
      await follow({}, manager, '/brands/hoopcraft/remotes/nope'),
      await follow({}, 'ana@shop.example nobrand=manager', '/brands/nobrand/remotes/catalog'),
      await follow({}, viewer),
      await follow({}, 'ana@shop.example everwear=manager'),
      await follow({ reason: 'x' }),
      await follow({ registryVersion: undefined }),
      await follow({ registryVersion: before - 1 }),
    ];
    expect(refusals.map(({ status, body }) => [status, body.error.code])).toEqual([
      [404, 'NOT_FOUND'],
      [404, 'NOT_FOUND'],
      [403, 'FORBIDDEN'],
      [403, 'FORBIDDEN'],
      [400, 'INVALID_PARAMETER'],
      [400, 'INVALID_PARAMETER'],
      [409, 'REGISTRY_CONFLICT'],
    ]);
    for (const { body } of refusals)
      expect(body.error).toEqual(
        expect.objectContaining({
          code: expect.any(String),
          message: expect.any(String),
          correlationId: expect.any(String),
        }),
      );
    expect(refusals[0].body.error.message).toBe('There is no remote "nope".');
    expect(refusals[1].body.error.message).toBe('There is no brand "nobrand".');
    expect(refusals[4].body.error.fields).toEqual({ reason: expect.any(String) });
    expect(refusals[5].body.error.fields).toEqual({ registryVersion: expect.any(String) });
    expect(await at()).toBe(before);
    expect(auditLines()).toBe(lines);
    expect(await servedTo('hoopcraft')).toBe(v2);
  });

  it('drops the brand’s own release, recording who, when, which remote and brand and from which version', async () => {
    const followed = await follow({ reason: 'the new listing is slow' });
    expect(followed.status).toBe(200);
    expect(followed.body.change).toEqual({
      registryVersion: followed.body.registryVersion,
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      actor: 'ana@shop.example',
      scope: 'hoopcraft',
      remote: 'catalog',
      action: 'follow-global',
      old: { live: v2 },
      new: { live: v1 },
      reason: 'the new listing is slow',
    });
    // The brand's own version is kept as an earlier one: a rollback can bring it back.
    expect(followed.body.remote).toMatchObject({ live: { version: v1, inherited: true }, history: [v2] });
    expect(await servedTo('hoopcraft')).toBe(v1);

    // The audit the admin shows has the change, for viewers too.
    const audit = await admin.call('/brands/hoopcraft/remotes/audit', viewer);
    expect(audit.body.changes[0]).toEqual(followed.body.change);

    // From now on every release for all brands reaches the brand.
    await registry.release('*', 'catalog', v3, { actor: 'cli:test', reason: 'next release for everyone' });
    expect(await servedTo('hoopcraft')).toBe(v3);
    expect(await servedTo('everwear')).toBe(v3);
  });

  it('answers following again with nothing changed and nothing recorded, not an error', async () => {
    const before = await at();
    const lines = auditLines();
    const again = await follow();
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      change: null,
      registryVersion: before,
      remote: { live: { version: v3, inherited: true } },
    });
    expect(await at()).toBe(before);
    expect(auditLines()).toBe(lines);
  });

  it('brings the brand’s own release back with a rollback', async () => {
    const rollback = await admin.call('/brands/hoopcraft/remotes/catalog/rollback', manager, {
      reason: 'the shared release is worse',
      registryVersion: await at(),
    });
    expect(rollback.status).toBe(200);
    expect(rollback.body.change).toMatchObject({ action: 'rollback', old: { live: v3 }, new: { live: v2 } });
    expect(await servedTo('hoopcraft')).toBe(v2);
    expect(await servedTo('everwear')).toBe(v3);
  });
});
