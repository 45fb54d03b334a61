import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export const root = join(__dirname, '..', '..');

export interface LintMessage {
  ruleId: string | null;
  message: string;
}

/** Lints `code` as if it lived at `file`, with the workspace's real ESLint config (run as a CLI). */
export async function lintAs(file: string, code: string): Promise<string[]> {
  const run = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules', 'eslint', 'bin', 'eslint.js'),
      '--format',
      'json',
      '--stdin',
      '--stdin-filename',
      join(root, file),
    ],
    { cwd: root, input: code, encoding: 'utf8', env: { ...process.env, NX_DAEMON: 'false' } },
  );
  if (run.status === 2 || !run.stdout) throw new Error(`eslint failed: ${run.stderr}`);
  const [result] = JSON.parse(run.stdout) as Array<{ messages: LintMessage[] }>;
  return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

/**
 * Lints many named sources, each as if it lived at its `file` (relative to the repository root),
 * with the real config, in one ESLint process; returns each source's messages under its name.
 */
export function lintSources<Name extends string>(
  sources: Record<Name, { file: string; code: string }>,
): Record<Name, LintMessage[]> {
  const names = Object.keys(sources) as Name[];
  const run = spawnSync(process.execPath, [join(__dirname, 'lint-batch.mjs')], {
    cwd: root,
    input: JSON.stringify(names.map((name) => sources[name])),
    encoding: 'utf8',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  if (run.status !== 0) throw new Error(`eslint failed: ${run.stderr}`);
  const results = JSON.parse(run.stdout) as LintMessage[][];
  return Object.fromEntries(names.map((name, index) => [name, results[index]])) as Record<Name, LintMessage[]>;
}
