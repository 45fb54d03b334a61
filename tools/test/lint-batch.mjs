// Lints several in-memory sources, each as if it lived at its path, with the workspace's real
// ESLint config, in one process (the config and plugins load once): reads
// [{ file, code }] as JSON on stdin, writes [[{ ruleId, message }]] as JSON on stdout.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';

const root = join(import.meta.dirname, '..', '..');
const sources = JSON.parse(readFileSync(0, 'utf8'));
const eslint = new ESLint({ cwd: root });
const results = [];
for (const { file, code } of sources) {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  results.push(result.messages.map(({ ruleId, message }) => ({ ruleId, message })));
}
process.stdout.write(JSON.stringify(results));
