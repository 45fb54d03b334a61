import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RemoteName } from '@shop/contracts';
import { RegistryRepository } from '../data-access/registry-repository';
import { RemoteStore } from '../data-access/remote-store';
import { remoteReleases } from '../modules/platform/remote-releases';
import { runRemoteCli } from './remote-cli';

/** A built remote as `npm run build` leaves it: its name and version, and a manifest. */
function build(name: string, version: string): string {
  const dir = join(mkdtempSync(join(tmpdir(), `${name}-`)), 'dist');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'build-info.json'), JSON.stringify({ name, version }));
  writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify({ name, version }));
  return dir;
}

/** `npm run remote` on a data folder of its own; every version fits the shell here. */
function cli() {
  const dataDir = mkdtempSync(join(tmpdir(), 'remote-cli-'));
  const store = new RemoteStore(join(dataDir, 'remotes'));
  const registry = new RegistryRepository(dataDir);
  const releases = remoteReleases({ registry, store, compatibility: () => ({ compatible: true, problems: [] }) });
  const printed: string[] = [];
  const run = (...argv: string[]) =>
    runRemoteCli(argv, { registry, store, releases, actor: 'cli:ana', print: (line) => void printed.push(line) });
  const auditLines = () => {
    try {
      return readFileSync(join(dataDir, 'registry-audit.jsonl'), 'utf8').split('\n').filter(Boolean).length;
    } catch {
      return 0;
    }
  };
  /** Publishes a build and answers its version (the first of a remote goes live for all brands). */
  const publish = async (name: RemoteName, version: string) => {
    await run('publish', build(name, version));
    return store.versions(name).at(-1)?.version ?? '';
  };
  return { run, printed, registry, store, auditLines, publish };
}

describe('npm run remote -- follow-global', () => {
  it('undoes a brand’s only own release: rollback names follow-global, which puts the brand back on the release for all brands', async () => {
    const { run, printed, registry, auditLines, publish } = cli();
    const v1 = await publish('catalog', '1.0.0');
    const v2 = await publish('catalog', '1.1.0');
    expect(await run('release', 'catalog', v2, '--brand', 'hoopcraft')).toBe(0);
    expect(registry.served('hoopcraft', 'catalog').live).toBe(v2);

    const lines = auditLines();
    await expect(run('rollback', 'catalog', '--brand', 'hoopcraft')).rejects.toThrow(
      `catalog has no earlier release for hoopcraft to roll back to. hoopcraft runs its own release ${v2}: it can follow the release for all brands (${v1}) again, or release an earlier published version for hoopcraft.\n  npm run remote -- follow-global catalog --brand hoopcraft`,
    );
    expect(auditLines()).toBe(lines);

    printed.length = 0;
    expect(await run('follow-global', 'catalog', '--brand', 'hoopcraft', '--reason', 'slow listing')).toBe(0);
    expect(printed).toEqual([
      `hoopcraft follows the release of catalog for all brands again: ${v1} (its own ${v2} can come back with a rollback)`,
    ]);
    expect(registry.served('hoopcraft', 'catalog').live).toBe(v1);
    expect(registry.served('everwear', 'catalog').live).toBe(v1);
    expect(registry.audit(['hoopcraft'])[0]).toMatchObject({
      actor: 'cli:ana',
      scope: 'hoopcraft',
      remote: 'catalog',
      action: 'follow-global',
      old: { live: v2 },
      new: { live: v1 },
      reason: 'slow listing',
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(auditLines()).toBe(lines + 1);

    // Again: the brand already follows it, so nothing changes, nothing is recorded, and it is no failure.
    printed.length = 0;
    expect(await run('follow-global', 'catalog', '--brand', 'hoopcraft')).toBe(0);
    expect(printed).toEqual([
      `hoopcraft already follows the release of catalog for all brands (${v1}); nothing changed`,
    ]);
    expect(auditLines()).toBe(lines + 1);

    // The brand now gets every later release for all brands.
    const v3 = await publish('catalog', '1.2.0');
    expect(await run('release', 'catalog', v3)).toBe(0);
    expect(registry.served('hoopcraft', 'catalog').live).toBe(v3);
  });

  it('refuses a missing or unknown brand, an unknown remote, and a brand with no release for all brands to follow, changing nothing', async () => {
    const { run, printed, registry, store, auditLines, publish } = cli();
    await publish('catalog', '1.0.0');
    // Published without the CLI, so no version of content is live for all brands.
    const content = (await store.publish(build('content', '2.0.0'))).version;
    await run('release', 'content', content, '--brand', 'hoopcraft');
    const lines = auditLines();
    const version = registry.version();

    await expect(run('follow-global', 'catalog')).rejects.toThrow(
      'follow-global needs --brand <brand>: only a brand follows the release for all brands',
    );
    await expect(run('follow-global', 'catalog', '--brand', 'nobrand')).rejects.toThrow(
      'Unknown brand "nobrand". Brands: vanityfair, everwear, rallyathletic, hoopcraft',
    );
    await expect(run('follow-global', 'nope', '--brand', 'hoopcraft')).rejects.toThrow(
      /^Unknown remote "nope"\. Remotes: /,
    );
    await expect(run('follow-global', 'content', '--brand', 'hoopcraft')).rejects.toThrow(
      `There is no release of content for all brands to follow: hoopcraft keeps its own release ${content}.`,
    );
    // Nor does the rollback offer it then.
    await expect(run('rollback', 'content', '--brand', 'hoopcraft')).rejects.toThrow(
      `content has no earlier release for hoopcraft to roll back to. hoopcraft runs its own release ${content} and there is no release for all brands to follow: release an earlier published version for hoopcraft instead.`,
    );
    expect(registry.served('hoopcraft', 'content').live).toBe(content);
    expect(registry.version()).toBe(version);
    expect(auditLines()).toBe(lines);

    printed.length = 0;
    expect(await run()).toBe(0);
    expect(printed.join('\n')).toContain('follow-global <remote> --brand b');
  });
});
