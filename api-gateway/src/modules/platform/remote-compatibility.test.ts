import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SHELL_REMOTE_MODULES } from '@shop/contracts';
import { remoteCompatibility } from './remote-compatibility';

const singleton = (name: string, version: string, requiredVersion = `~${version}`) => ({
  name,
  version,
  singleton: true,
  requiredVersion,
});

const root = mkdtempSync(join(tmpdir(), 'compatibility-'));
const shellDist = join(root, 'shell');
const remotesDir = join(root, 'remotes');
mkdirSync(shellDist);
writeFileSync(
  join(shellDist, 'mf-manifest.json'),
  JSON.stringify({
    name: 'shell',
    exposes: [],
    shared: [
      singleton('react', '19.3.1'),
      singleton('react-dom', '19.3.1'),
      singleton('react-router-dom', '7.18.5'),
      singleton('@shop/platform', '0.1.0', '0.1.0'),
      singleton('@shop/ui/core', '0.1.0', '0.1.0'),
    ],
  }),
);

/** Publishes a catalog version folder with this manifest content. */
function publish(version: string, manifest: { shared?: unknown[]; exposes?: string[]; name?: string }) {
  mkdirSync(join(remotesDir, 'catalog', version), { recursive: true });
  writeFileSync(
    join(remotesDir, 'catalog', version, 'mf-manifest.json'),
    JSON.stringify({
      id: manifest.name ?? 'catalog',
      name: manifest.name ?? 'catalog',
      shared: manifest.shared ?? [singleton('react', '19.3.1'), singleton('@shop/platform', '0.1.0', '0.1.0')],
      exposes: (manifest.exposes ?? [...SHELL_REMOTE_MODULES.catalog]).map((name) => ({ id: `catalog:${name}`, name })),
    }),
  );
  return version;
}

const check = remoteCompatibility({ remotesDir, shellDist });

describe('whether a remote version can run in the deployed shell', () => {
  it('accepts a published version whose singletons the shell satisfies and that exposes what the shell loads', () => {
    const version = publish('1.0.0-aaaaaaaa', {
      shared: [
        singleton('react', '19.3.1', '^19.0.0'),
        singleton('react-router-dom', '7.18.5'),
        // A group the shell does not provide is the remote's own copy: nothing to clash with.
        singleton('@shop/ui/fields', '0.2.0', '0.2.0'),
      ],
    });
    expect(check('catalog', version)).toEqual({ compatible: true, problems: [] });
  });

  it('refuses a version built for React 18 when the shell provides React 19', () => {
    const version = publish('0.9.0-bbbbbbbb', {
      shared: [singleton('react', '18.3.1', '^18.2.0'), singleton('react-dom', '18.3.1', '^18.2.0')],
    });
    const verdict = check('catalog', version);
    expect(verdict.compatible).toBe(false);
    expect(verdict.problems).toEqual([
      'it requires react ^18.2.0, but the shell provides 19.3.1 (a shared singleton)',
      'it requires react-dom ^18.2.0, but the shell provides 19.3.1 (a shared singleton)',
    ]);
  });

  it('refuses a version that no longer exposes a module the shell loads from it', () => {
    const version = publish('1.1.0-cccccccc', { exposes: ['pages'] });
    expect(check('catalog', version)).toEqual({
      compatible: false,
      problems: ['it does not expose "QuickSearch", which the shell loads from catalog'],
    });
  });

  it('refuses a version that is not published, or a folder holding another remote', () => {
    expect(check('catalog', '9.9.9-ffffffff')).toEqual({
      compatible: false,
      problems: ['catalog 9.9.9-ffffffff is not published'],
    });
    expect(check('catalog', '../../etc')).toMatchObject({ compatible: false });
    const version = publish('1.2.0-dddddddd', { name: 'content' });
    expect(check('catalog', version).problems).toContain('its manifest is of remote "content"');
  });

  it('refuses everything while the shell’s build is not there to compare with', () => {
    const version = publish('1.3.0-eeeeeeee', {});
    const verdict = remoteCompatibility({ remotesDir, shellDist: join(root, 'no-shell') })('catalog', version);
    expect(verdict.compatible).toBe(false);
    expect(verdict.problems[0]).toMatch(/the shell's mf-manifest\.json .* is missing or unreadable/);
  });
});
