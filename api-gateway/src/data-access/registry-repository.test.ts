import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DomainError } from '../shared/domain-error';
import { RegistryRepository } from './registry-repository';

const by = (reason = 'test change', expectedVersion?: number) => ({
  actor: 'ana@shop.example',
  reason,
  expectedVersion,
});

let dataDir: string;
let clock: number;
let registry: RegistryRepository;

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'registry-'));
  clock = Date.parse('2030-01-01T10:00:00Z');
  registry = new RegistryRepository(dataDir, () => new Date((clock += 1000)));
  await registry.release('*', 'catalog', '1.0.0-aaaaaaaa', by('first release'));
});

const auditLines = () => readFileSync(join(dataDir, 'registry-audit.jsonl'), 'utf8').split('\n').filter(Boolean);

describe('the remote registry', () => {
  it('releases a version live, keeps the one it replaces for rollback, and counts its versions', async () => {
    expect(registry.version()).toBe(1);
    await registry.release('*', 'catalog', '1.1.0-bbbbbbbb', by());
    expect(registry.liveVersion('hoopcraft', 'catalog')).toBe('1.1.0-bbbbbbbb');
    expect(registry.entries()['*']?.catalog?.history).toEqual(['1.0.0-aaaaaaaa']);
    expect(registry.version()).toBe(2);
    // The live version again changes nothing, and records nothing.
    expect(await registry.release('*', 'catalog', '1.1.0-bbbbbbbb', by())).toBeUndefined();
    expect(registry.version()).toBe(2);
    expect(auditLines()).toHaveLength(2);
  });

  it('runs a canary for one brand beside the live version the brand follows', async () => {
    const record = await registry.startCanary('hoopcraft', 'catalog', '1.1.0-bbbbbbbb', 50, by('try the new listing'));
    expect(record).toMatchObject({
      scope: 'hoopcraft',
      remote: 'catalog',
      action: 'canary',
      old: { live: '1.0.0-aaaaaaaa' },
      new: { live: '1.0.0-aaaaaaaa', canary: { version: '1.1.0-bbbbbbbb', percent: 50 } },
      reason: 'try the new listing',
      actor: 'ana@shop.example',
    });
    expect(registry.served('hoopcraft', 'catalog')).toEqual({
      live: '1.0.0-aaaaaaaa',
      canary: { version: '1.1.0-bbbbbbbb', percent: 50, startedAt: '2030-01-01T10:00:02.000Z' },
    });
    expect(registry.served('everwear', 'catalog')).toEqual({ live: '1.0.0-aaaaaaaa' });
    // The brand still follows the global release: a new one reaches it under the canary.
    await registry.release('*', 'catalog', '1.0.1-cccccccc', by());
    expect(registry.served('hoopcraft', 'catalog').live).toBe('1.0.1-cccccccc');
  });

  it('changes a canary’s share without restarting it, and refuses nothing-to-do changes', async () => {
    await registry.startCanary('hoopcraft', 'catalog', '1.1.0-bbbbbbbb', 10, by());
    const startedAt = registry.served('hoopcraft', 'catalog').canary?.startedAt;
    await registry.startCanary('hoopcraft', 'catalog', '1.1.0-bbbbbbbb', 40, by('ramp up'));
    expect(registry.served('hoopcraft', 'catalog').canary).toEqual({
      version: '1.1.0-bbbbbbbb',
      percent: 40,
      startedAt,
    });
    expect(await registry.startCanary('hoopcraft', 'catalog', '1.1.0-bbbbbbbb', 40, by())).toBeUndefined();
    // A canary of the live version compares nothing.
    expect(await registry.startCanary('everwear', 'catalog', '1.0.0-aaaaaaaa', 40, by())).toBeUndefined();
  });

  it('promotes a canary to the brand’s live version and rolls the promotion back', async () => {
    await registry.startCanary('hoopcraft', 'catalog', '1.1.0-bbbbbbbb', 50, by());
    const promoted = await registry.promote('hoopcraft', 'catalog', by('looks good'));
    expect(promoted).toMatchObject({
      action: 'promote',
      old: { live: '1.0.0-aaaaaaaa', canary: { version: '1.1.0-bbbbbbbb', percent: 50 } },
      new: { live: '1.1.0-bbbbbbbb' },
    });
    expect(registry.served('hoopcraft', 'catalog')).toEqual({ live: '1.1.0-bbbbbbbb' });
    expect(registry.served('everwear', 'catalog')).toEqual({ live: '1.0.0-aaaaaaaa' });
    expect(await registry.promote('hoopcraft', 'catalog', by())).toBeUndefined();

    const rolledBack = await registry.rollback('hoopcraft', 'catalog', by('checkout errors'));
    expect(rolledBack).toMatchObject({
      action: 'rollback',
      old: { live: '1.1.0-bbbbbbbb' },
      new: { live: '1.0.0-aaaaaaaa' },
    });
    expect(registry.served('hoopcraft', 'catalog')).toEqual({ live: '1.0.0-aaaaaaaa' });
    expect(await registry.rollback('hoopcraft', 'catalog', by())).toBeUndefined();
  });

  it('aborts a canary, leaving the brand on the global version as before', async () => {
    await registry.startCanary('hoopcraft', 'catalog', '1.1.0-bbbbbbbb', 50, by());
    expect(await registry.abortCanary('hoopcraft', 'catalog', by('errors in the canary'))).toMatchObject({
      action: 'abort-canary',
      new: { live: '1.0.0-aaaaaaaa' },
    });
    expect(registry.served('hoopcraft', 'catalog')).toEqual({ live: '1.0.0-aaaaaaaa' });
    expect(registry.entries().hoopcraft?.catalog).toBeUndefined();
    expect(await registry.abortCanary('hoopcraft', 'catalog', by())).toBeUndefined();
  });

  it('drops a brand’s own release so the brand follows the release for all brands, keeping its own for a rollback', async () => {
    await registry.release('hoopcraft', 'catalog', '1.1.0-bbbbbbbb', by('hoopcraft first'));
    expect(await registry.rollback('hoopcraft', 'catalog', by())).toBeUndefined();
    const followed = await registry.followGlobal('hoopcraft', 'catalog', by('back with everyone'));
    expect(followed).toMatchObject({
      scope: 'hoopcraft',
      remote: 'catalog',
      action: 'follow-global',
      old: { live: '1.1.0-bbbbbbbb' },
      new: { live: '1.0.0-aaaaaaaa' },
      reason: 'back with everyone',
      actor: 'ana@shop.example',
    });
    expect(registry.entries().hoopcraft?.catalog).toMatchObject({ history: ['1.1.0-bbbbbbbb'] });
    expect(registry.entries().hoopcraft?.catalog?.live).toBeUndefined();
    // Following already: nothing to do, nothing recorded.
    const lines = auditLines().length;
    expect(await registry.followGlobal('hoopcraft', 'catalog', by())).toBeUndefined();
    expect(auditLines()).toHaveLength(lines);
    // A later release for all brands reaches the brand; a rollback pins its own again.
    await registry.release('*', 'catalog', '1.2.0-cccccccc', by());
    expect(registry.served('hoopcraft', 'catalog').live).toBe('1.2.0-cccccccc');
    expect(await registry.rollback('hoopcraft', 'catalog', by())).toMatchObject({ new: { live: '1.1.0-bbbbbbbb' } });
    // With no release for all brands there is nothing to follow.
    await registry.release('rallyathletic', 'content', '1.0.0-dddddddd', by());
    expect(await registry.followGlobal('rallyathletic', 'content', by())).toBeUndefined();
    expect(registry.served('rallyathletic', 'content').live).toBe('1.0.0-dddddddd');
  });

  it('refuses a change made on a stale read, saving and recording nothing', async () => {
    const read = registry.version();
    // Another gateway process (another repository on the same files) changes it first.
    await new RegistryRepository(dataDir).startCanary('hoopcraft', 'catalog', '1.1.0-bbbbbbbb', 5, by('first', read));
    const before = readFileSync(join(dataDir, 'registry.json'), 'utf8');
    const lines = auditLines().length;
    let refusal: unknown;
    try {
      await registry.release('hoopcraft', 'catalog', '1.2.0-dddddddd', by('second', read));
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ code: 'REGISTRY_CONFLICT', details: { registryVersion: read + 1 } });
    expect(readFileSync(join(dataDir, 'registry.json'), 'utf8')).toBe(before);
    expect(auditLines()).toHaveLength(lines);
    // At the version now read, it goes through.
    expect(
      await registry.release('hoopcraft', 'catalog', '1.2.0-dddddddd', by('second', registry.version())),
    ).toBeDefined();
  });

  it('keeps an append-only audit: each change adds a line, and no line already written ever changes', async () => {
    const first = readFileSync(join(dataDir, 'registry-audit.jsonl'), 'utf8');
    await registry.startCanary('hoopcraft', 'catalog', '1.1.0-bbbbbbbb', 50, by('canary'));
    await registry.promote('hoopcraft', 'catalog', by('promote'));
    await registry.rollback('hoopcraft', 'catalog', by('rollback'));
    const after = readFileSync(join(dataDir, 'registry-audit.jsonl'), 'utf8');
    expect(after.startsWith(first)).toBe(true);
    expect(auditLines()).toHaveLength(4);
    expect(
      registry.audit(['hoopcraft']).map((record) => [record.action, record.reason, record.registryVersion]),
    ).toEqual([
      ['rollback', 'rollback', 4],
      ['promote', 'promote', 3],
      ['canary', 'canary', 2],
    ]);
    expect(registry.audit(['hoopcraft', '*'])).toHaveLength(4);
    // A line cut short by a crash hides nothing written before it.
    appendFileSync(join(dataDir, 'registry-audit.jsonl'), '{"registryVersion":5,"at":');
    expect(registry.audit(['hoopcraft', '*'])).toHaveLength(4);
    // Nothing in the repository's interface edits or removes a record.
    const methods = Object.getOwnPropertyNames(RegistryRepository.prototype);
    expect(methods.filter((name) => /audit/i.test(name))).toEqual(['audit']);
  });

  it('reads a registry written before canaries and versions existed', async () => {
    writeFileSync(
      join(dataDir, 'registry.json'),
      JSON.stringify({
        scopes: { '*': { catalog: { live: '0.9.0-eeeeeeee', history: [], updatedAt: '2029-01-01T00:00:00.000Z' } } },
      }),
    );
    const old = new RegistryRepository(dataDir);
    expect(old.version()).toBe(0);
    expect(old.served('hoopcraft', 'catalog')).toEqual({ live: '0.9.0-eeeeeeee' });
    expect(await old.release('*', 'catalog', '1.0.0-aaaaaaaa', by('upgrade', 0))).toMatchObject({ registryVersion: 1 });
  });
});
