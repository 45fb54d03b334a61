import { existsSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import {
  BRAND_IDS,
  type BrandId,
  REMOTE_NAMES,
  type RemoteName,
  brandIdSchema,
  remoteNameSchema,
} from '@shop/contracts';
import { loadConfig } from '../config';
import { createLogger } from '@shop/node-kit';
import { openGatewayStorage } from '../data-access/gateway-storage';
import type { RegistryRepository, RegistryScope } from '../data-access/registry-repository';
import type { RemoteStore } from '../data-access/remote-store';
import { remoteCompatibility } from '../modules/platform/remote-compatibility';
import { type RemoteReleases, remoteReleases } from '../modules/platform/remote-releases';
import { DomainError } from '../shared/domain-error';

const USAGE = `Usage: npm run remote -- <command> [--reason "why"]
  publish <app-or-dist-dir>... [--release] copy a built remote into its immutable version folder;
                                           the first version of a remote goes live, later ones
                                           only with --release (or a release command)
  list [remote]                            published versions, what is live and what runs as a canary
  release <remote> <version> [--brand b]   put a published version live (all brands, or one)
  rollback <remote> [--brand b]            put the previous live version back
  follow-global <remote> --brand b         drop the brand's own release: it follows the release for
                                           all brands again (a rollback brings its own back)
  canary <remote> <version> <percent> --brand b
                                           serve a version to <percent> % (1-99) of a brand's shoppers
  promote <remote> --brand b               the brand's canary becomes its live version
  abort-canary <remote> --brand b          end the brand's canary; everyone gets the live version
A version goes live or into a canary only when it is published and compatible with the built shell.
Every change is recorded in the registry's audit with your user name and the reason.
Remotes: ${REMOTE_NAMES.join(', ')}`;

/** Takes `--name value` out of the arguments. */
function option(argv: string[], name: string): { value: string | undefined; rest: string[] } {
  const at = argv.indexOf(name);
  if (at < 0) return { value: undefined, rest: argv };
  return { value: argv[at + 1], rest: argv.filter((_, i) => i !== at && i !== at + 1) };
}

function cliActor(): string {
  try {
    return `cli:${userInfo().username}`;
  } catch {
    return 'cli';
  }
}

export interface RemoteCliIo {
  registry: RegistryRepository;
  store: RemoteStore;
  releases: RemoteReleases;
  /** Who the registry's audit names. */
  actor: string;
  print: (line: string) => void;
}

/** Runs one remote command; the answer is the exit code. A refusal is thrown, with its reason. */
export async function runRemoteCli(
  argv: string[],
  { registry, store, releases, actor, print }: RemoteCliIo,
): Promise<number> {
  const releaseFlag = argv.includes('--release');
  const brandOption = option(
    argv.filter((arg) => arg !== '--release'),
    '--brand',
  );
  const reasonOption = option(brandOption.rest, '--reason');
  const brand = brandOption.value === undefined ? undefined : brandArgument(brandOption.value);
  const scope: RegistryScope = brand ?? '*';
  const change = { actor, reason: reasonOption.value ?? 'cli' };
  const [command, ...rest] = reasonOption.rest;
  const remoteArg = (value: string | undefined): RemoteName => {
    const parsed = remoteNameSchema.safeParse(value);
    if (!parsed.success) throw new Error(`Unknown remote "${value ?? ''}". Remotes: ${REMOTE_NAMES.join(', ')}`);
    return parsed.data;
  };
  const brandArg = (why = 'canaries run per brand'): BrandId => {
    if (!brand) throw new Error(`${command} needs --brand <brand>: ${why}`);
    return brand;
  };
  const where = scope === '*' ? 'all brands' : scope;

  switch (command) {
    case 'publish': {
      if (rest.length === 0) throw new Error('publish needs at least one app folder');
      for (const dir of rest) {
        const dist = existsSync(join(dir, 'build-info.json')) ? resolve(dir) : resolve(dir, 'dist');
        const result = await store.publish(dist);
        print(`${result.remote} ${result.version} ${result.created ? 'published' : 'already published'}`);
        const global = registry.entries()['*']?.[result.remote];
        if ((releaseFlag || !global) && global?.live !== result.version) {
          await releases.release('*', result.remote, result.version, change);
          print(`${result.remote} ${result.version} is live for all brands`);
        }
      }
      return 0;
    }
    case 'list': {
      const names = rest[0] ? [remoteArg(rest[0])] : [...REMOTE_NAMES];
      for (const name of names) {
        print(`${name}:`);
        for (const { version, publishedAt } of store.versions(name)) print(`  ${version}  published ${publishedAt}`);
        for (const [at, remotes] of Object.entries(registry.entries())) {
          const entry = remotes?.[name];
          const label = at === '*' ? 'all brands' : at;
          if (entry?.live) print(`  live for ${label}: ${entry.live}`);
          if (entry?.canary)
            print(`  canary for ${label}: ${entry.canary.version} (${entry.canary.percent} % of shoppers)`);
        }
      }
      return 0;
    }
    case 'release': {
      const name = remoteArg(rest[0]);
      const version = rest[1];
      if (!version) throw new Error(`release needs a version (see: npm run remote -- list ${name})`);
      await releases.release(scope, name, version, change);
      print(`${name} ${version} is live for ${where}`);
      return 0;
    }
    case 'rollback': {
      const name = remoteArg(rest[0]);
      let record;
      try {
        record = await releases.rollback(scope, name, change);
      } catch (error) {
        // The refusal says what can be done instead; here, also the command that does it.
        if (brand && error instanceof DomainError && error.details?.canFollowAllBrands)
          throw new Error(`${error.message}\n  npm run remote -- follow-global ${name} --brand ${brand}`);
        throw error;
      }
      print(`${name} rolled back to ${record.new.live ?? ''} for ${where}`);
      return 0;
    }
    case 'follow-global': {
      const name = remoteArg(rest[0]);
      const target = brandArg('only a brand follows the release for all brands');
      const record = await releases.followGlobal(target, name, change);
      const live = registry.served(target, name).live ?? 'none yet';
      if (!record) {
        print(`${target} already follows the release of ${name} for all brands (${live}); nothing changed`);
        return 0;
      }
      print(
        `${target} follows the release of ${name} for all brands again: ${live} (its own ${record.old.live ?? ''} can come back with a rollback)`,
      );
      return 0;
    }
    case 'canary': {
      const name = remoteArg(rest[0]);
      const [version, percentText] = rest.slice(1);
      const percent = Number(percentText);
      if (!version || !Number.isInteger(percent) || percent < 1 || percent > 99)
        throw new Error('canary needs a version and a percent from 1 to 99');
      await releases.startCanary(brandArg(), name, version, percent, change);
      print(`${name} ${version} runs as a canary for ${percent} % of ${brandArg()}'s shoppers`);
      return 0;
    }
    case 'promote': {
      const name = remoteArg(rest[0]);
      const record = await releases.promote(brandArg(), name, change);
      print(`${name} ${record.new.live ?? ''} is live for ${brandArg()}`);
      return 0;
    }
    case 'abort-canary': {
      const name = remoteArg(rest[0]);
      const record = await releases.abortCanary(brandArg(), name, change);
      print(`${name} canary ended for ${brandArg()}; its shoppers get ${record.new.live ?? 'no version'}`);
      return 0;
    }
    default:
      print(USAGE);
      return command ? 2 : 0;
  }
}

function brandArgument(value: string): BrandId {
  const parsed = brandIdSchema.safeParse(value);
  if (!parsed.success) throw new Error(`Unknown brand "${value}". Brands: ${BRAND_IDS.join(', ')}`);
  return parsed.data;
}

async function main(argv: string[]): Promise<number> {
  const config = loadConfig();
  // With DATABASE_URL the commands act on the registry and builds every gateway shares.
  const storage = await openGatewayStorage(config, createLogger('warn'));
  try {
    const { registry, store } = storage;
    const releases = remoteReleases({
      registry,
      store,
      compatibility: remoteCompatibility({ remotesDir: store.root, shellDist: config.shellDist }),
    });
    return await runRemoteCli(argv, {
      registry,
      store,
      releases,
      actor: cliActor(),
      print: (line) => console.log(line),
    });
  } finally {
    await storage.close();
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error((error as Error).message);
      process.exitCode = 1;
    },
  );
}
