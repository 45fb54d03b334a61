// docs/deploy.md lists every variable each process reads: a variable added to a configuration
// without a line there fails here, naming it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PROCESS_SOURCES, type ProcessName, processVariables, readText, repoRoot } from './support';

const doc = readText('docs/deploy.md');

describe('docs/deploy.md', () => {
  it.each(Object.keys(PROCESS_SOURCES) as ProcessName[])('describes every variable the %s reads', (name) => {
    const missing = [...processVariables(name)].filter((variable) => !doc.includes(`\`${variable}\``));
    expect(`${PROCESS_SOURCES[name]}: ${missing.join(', ')}`).toBe(`${PROCESS_SOURCES[name]}: `);
  });

  it('names the files it tells how to use', () => {
    for (const path of [...doc.matchAll(/`((?:deploy|docs)\/[\w./-]+)`/g)].map((match) => match[1]))
      expect(`${path}: ${existsSync(join(repoRoot, path))}`).toBe(`${path}: true`);
  });
});
