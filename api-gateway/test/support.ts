import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningGateway, start } from '../src/server';

export const fixtures = join(__dirname, 'fixtures');

/** A real gateway on an ephemeral port with its own data folder and the fixture shell. */
export async function startTestGateway(): Promise<RunningGateway & { dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gateway-'));
  // The shell's real page template, without building the shell.
  const shellDist = join(dataDir, 'shell');
  mkdirSync(shellDist);
  cpSync(join(__dirname, '..', '..', 'shell', 'src', 'index.html'), join(shellDist, 'index.html'));
  const gateway = await start({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    shellDist,
    trackingLog: join(dataDir, 'tracking.log'),
    logLevel: 'silent',
    environment: 'test',
    remoteDevUrls: {},
    shellDevUrl: undefined,
    authSecret: 'test-auth-secret-0123456789abcdef0123456789',
  });
  return { ...gateway, dataDir };
}

/** A copy of the fixture remote build, so tests can publish distinct versions. */
export function remoteBuild(version: string): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'remote-')), 'dist');
  cpSync(join(fixtures, 'remote-dist'), dir, { recursive: true });
  writeFileSync(join(dir, 'build-info.json'), JSON.stringify({ name: 'catalog', version }));
  return dir;
}
