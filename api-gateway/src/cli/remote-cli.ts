import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type BrandId, REMOTE_NAMES, type RemoteName, brandIdSchema, remoteNameSchema } from '@shop/contracts';
import { loadConfig } from '../config';
import { RegistryRepository, type RegistryScope } from '../data-access/registry-repository';
import { RemoteStore } from '../data-access/remote-store';

const USAGE = `Usage: npm run remote -- <command>
  publish <app-or-dist-dir>... [--release] copy a built remote into its immutable version folder;
                                           the first version of a remote goes live, later ones
                                           only with --release (or a release command)
  list [remote]                            published versions and what is live
  release <remote> <version> [--brand b]   put a published version live (all brands, or one)
  rollback <remote> [--brand b]            put the previous live version back
Remotes: ${REMOTE_NAMES.join(', ')}`;

function main(argv: string[]): number {
  const config = loadConfig();
  const store = new RemoteStore(join(config.dataDir, 'remotes'));
  const registry = new RegistryRepository(config.dataDir);
  const releaseFlag = argv.includes('--release');
  argv = argv.filter((arg) => arg !== '--release');
  const brandAt = argv.indexOf('--brand');
  const scope: RegistryScope = brandAt >= 0 ? brandIdSchema.parse(argv[brandAt + 1]) : '*';
  const args = brandAt >= 0 ? argv.filter((_, i) => i !== brandAt && i !== brandAt + 1) : argv;
  const [command, ...rest] = args;
  const remoteArg = (value: string | undefined): RemoteName => {
    const parsed = remoteNameSchema.safeParse(value);
    if (!parsed.success) throw new Error(`Unknown remote "${value ?? ''}". Remotes: ${REMOTE_NAMES.join(', ')}`);
    return parsed.data;
  };

  switch (command) {
    case 'publish': {
      if (rest.length === 0) throw new Error('publish needs at least one app folder');
      for (const dir of rest) {
        const dist = existsSync(join(dir, 'build-info.json')) ? resolve(dir) : resolve(dir, 'dist');
        const result = store.publish(dist);
        console.log(`${result.remote} ${result.version} ${result.created ? 'published' : 'already published'}`);
        if (releaseFlag || !registry.entries()['*']?.[result.remote]) {
          registry.release('*', result.remote, result.version);
          console.log(`${result.remote} ${result.version} is live for all brands`);
        }
      }
      return 0;
    }
    case 'list': {
      const names = rest[0] ? [remoteArg(rest[0])] : [...REMOTE_NAMES];
      for (const name of names) {
        console.log(`${name}:`);
        for (const { version, publishedAt } of store.versions(name))
          console.log(`  ${version}  published ${publishedAt}`);
        for (const [where, remotes] of Object.entries(registry.entries())) {
          const live = remotes?.[name]?.live;
          if (live) console.log(`  live for ${where === '*' ? 'all brands' : where}: ${live}`);
        }
      }
      return 0;
    }
    case 'release': {
      const name = remoteArg(rest[0]);
      const version = rest[1];
      if (!version || !store.has(name, version)) {
        throw new Error(`${name} has no published version "${version ?? ''}" (see: npm run remote -- list ${name})`);
      }
      registry.release(scope, name, version);
      console.log(`${name} ${version} is live for ${scope === '*' ? 'all brands' : (scope as BrandId)}`);
      return 0;
    }
    case 'rollback': {
      const name = remoteArg(rest[0]);
      const previous = registry.rollback(scope, name);
      if (!previous) throw new Error(`${name} has no earlier release to roll back to`);
      console.log(`${name} rolled back to ${previous}`);
      return 0;
    }
    default:
      console.log(USAGE);
      return command ? 2 : 0;
  }
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
