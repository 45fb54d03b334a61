import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type RemoteName, SHELL_REMOTE_MODULES } from '@shop/contracts';
import semver from 'semver';
import { z } from 'zod';
import { versionSchema } from '../../data-access/remote-store';

/** The parts of an mf-manifest.json the check reads. */
const manifestSchema = z.object({
  name: z.string().optional(),
  shared: z
    .array(
      z.object({
        name: z.string(),
        version: z.string().optional(),
        singleton: z.boolean().optional(),
        requiredVersion: z.union([z.string(), z.literal(false)]).optional(),
      }),
    )
    .default([]),
  exposes: z.array(z.object({ name: z.string() })).default([]),
});
type Manifest = z.infer<typeof manifestSchema>;

export interface Compatibility {
  compatible: boolean;
  /** What is wrong, one sentence each; empty when compatible. */
  problems: string[];
}

export type CompatibilityCheck = (remote: RemoteName, version: string) => Compatibility;

/**
 * Whether a published remote version can run in the shell that is deployed: its manifest names
 * the remote, it exposes every module the shell loads from it (SHELL_REMOTE_MODULES), and each
 * shared singleton it requires is satisfied by the version the shell provides (the shell's own
 * mf-manifest.json, built from the one shared list in tools/webpack/create-config.cjs). A
 * singleton the shell does not provide is the remote's own copy, and cannot clash.
 */
export function remoteCompatibility({ remotesDir, shellDist }: { remotesDir: string; shellDist: string }) {
  return function check(remote: RemoteName, version: string): Compatibility {
    if (!versionSchema.safeParse(version).success) return refused(`"${version}" is not a version name`);
    const manifest = readManifest(join(remotesDir, remote, version, 'mf-manifest.json'));
    if (manifest === 'missing') return refused(`${remote} ${version} is not published`);
    if (manifest === 'invalid') return refused(`${remote} ${version} has an mf-manifest.json that cannot be read`);
    const shell = readManifest(join(shellDist, 'mf-manifest.json'));
    if (shell === 'missing' || shell === 'invalid') {
      return refused(`the shell's mf-manifest.json (${shellDist}) is missing or unreadable: build the shell first`);
    }
    const problems = [
      ...(manifest.name && manifest.name !== remote ? [`its manifest is of remote "${manifest.name}"`] : []),
      ...missingModules(remote, manifest),
      ...sharedMismatches(manifest, shell),
    ];
    return { compatible: problems.length === 0, problems };
  };
}

const refused = (problem: string): Compatibility => ({ compatible: false, problems: [problem] });

function readManifest(path: string): Manifest | 'missing' | 'invalid' {
  if (!existsSync(path)) return 'missing';
  try {
    const parsed = manifestSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    return parsed.success ? parsed.data : 'invalid';
  } catch {
    return 'invalid';
  }
}

function missingModules(remote: RemoteName, manifest: Manifest): string[] {
  const exposed = new Set(manifest.exposes.map((expose) => expose.name.replace(/^\.\//, '')));
  return SHELL_REMOTE_MODULES[remote]
    .filter((name) => !exposed.has(name))
    .map((name) => `it does not expose "${name}", which the shell loads from ${remote}`);
}

function sharedMismatches(manifest: Manifest, shell: Manifest): string[] {
  const provided = new Map(shell.shared.map((shared) => [shared.name, shared]));
  const problems: string[] = [];
  for (const shared of manifest.shared) {
    const shells = provided.get(shared.name);
    const required = shared.requiredVersion;
    if (!shells || !(shared.singleton || shells.singleton) || !required) continue;
    if (!semver.validRange(required)) {
      problems.push(`it requires ${shared.name} "${required}", which is not a version range`);
    } else if (!shells.version || !semver.satisfies(shells.version, required, { includePrerelease: true })) {
      problems.push(
        `it requires ${shared.name} ${required}, but the shell provides ${shells.version ?? 'no version'} (a shared singleton)`,
      );
    }
  }
  return problems;
}
