// deploy/docker/shop.Dockerfile cannot be built here (no Docker), so this reads it: every file it
// copies from the repository exists and is in the build context, each image starts a file its
// build stage produces, and the images run as the manifests expect (user, ports).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import {
  type Workspace,
  bundleOutputs,
  dockerfilePath,
  loadManifests,
  readText,
  repoRoot,
  serverBuildOutputs,
  workspaces,
} from './support';

interface Instruction {
  op: string;
  args: string;
}

interface Stage {
  name: string;
  base: string;
  instructions: Instruction[];
}

/** Instructions with their continuation lines joined, comments and blank lines left out. */
function instructions(text: string): Instruction[] {
  const joined = text.replace(/\\\n/g, ' ');
  return joined
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [op, ...rest] = line.split(/\s+/);
      return { op: op.toUpperCase(), args: rest.join(' ') };
    });
}

const text = readFileSync(dockerfilePath, 'utf8');
const all = instructions(text);
const globalArgs = new Map<string, string>();
for (const instruction of all) {
  if (instruction.op === 'FROM') break;
  if (instruction.op === 'ARG') {
    const [name, value = ''] = instruction.args.split('=');
    globalArgs.set(name, value);
  }
}
const expand = (value: string) => value.replace(/\$\{(\w+)\}|\$(\w+)/g, (_, a, b) => globalArgs.get(a ?? b) ?? '');

const stages: Stage[] = [];
for (const instruction of all) {
  if (instruction.op === 'FROM') {
    const match = /^(\S+)\s+AS\s+(\S+)$/i.exec(instruction.args);
    if (!match) throw new Error(`every stage is named: FROM ${instruction.args}`);
    stages.push({ name: match[2], base: expand(match[1]), instructions: [] });
  } else if (stages.length > 0) stages[stages.length - 1].instructions.push(instruction);
}
const stage = (name: string): Stage => {
  const found = stages.find((s) => s.name === name);
  if (!found) throw new Error(`no stage ${name}`);
  return found;
};
/** A stage and the stages it is built on, nearest first. */
const lineage = (name: string): Stage[] => {
  const own = stage(name);
  return stages.some((s) => s.name === own.base) ? [own, ...lineage(own.base)] : [own];
};
const last = (name: string, op: string) =>
  lineage(name)
    .flatMap((s) => [...s.instructions].reverse())
    .find((instruction) => instruction.op === op)?.args;

interface Copy {
  from?: string;
  sources: string[];
  dest: string;
}
const copies = (s: Stage): Copy[] =>
  s.instructions
    .filter((instruction) => instruction.op === 'COPY')
    .map((instruction) => {
      const words = instruction.args.split(/\s+/);
      const from = words.find((word) => word.startsWith('--from='))?.slice('--from='.length);
      const paths = words.filter((word) => !word.startsWith('--'));
      return { from, sources: paths.slice(0, -1), dest: paths[paths.length - 1] };
    });

/** The projects an `nx run-many -t build --projects=a,b` line of a stage builds. */
const builtProjects = (s: Stage): string[] =>
  s.instructions
    .filter((instruction) => instruction.op === 'RUN' && /\bnx run-many -t build\b/.test(instruction.args))
    .flatMap((instruction) => /--projects=(\S+)/.exec(instruction.args)?.[1].split(',') ?? []);

/** .dockerignore as Docker reads it: a pattern excludes a path and everything under it. */
function ignored(path: string): boolean {
  const patterns = readText('.dockerignore')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  let out = false;
  for (const raw of patterns) {
    const negated = raw.startsWith('!');
    const pattern = raw.replace(/^!/, '').replace(/^\//, '');
    // `**/` is any number of folders, none included; `**` anything; `*` and `?` stay in one name.
    const source = pattern
      .split('**/')
      .map((outer) =>
        outer
          .split('**')
          .map((part) =>
            part
              .replace(/[.+^${}()|[\]\\]/g, '\\$&')
              .replace(/\*/g, '[^/]*')
              .replace(/\?/g, '[^/]'),
          )
          .join('.*'),
      )
      .join('(?:.*/)?');
    const regex = new RegExp(`^${source}(/.*)?$`);
    if (regex.test(path)) out = !negated;
  }
  return out;
}

const TARGETS = ['gateway', 'commerce', 'vendors'];
const spaces = workspaces();
const byDir = new Map(spaces.map((w) => [w.dir, w]));
const builds = new Map(stages.map((s) => [s.name, builtProjects(s)]));

describe('the Dockerfile', () => {
  it('builds on node:20-slim only', () => {
    for (const s of stages) if (!stages.some((other) => other.name === s.base)) expect(s.base).toBe('node:20-slim');
  });

  it('copies from the repository only files that exist and are in the build context', () => {
    for (const s of stages)
      for (const copy of copies(s).filter((c) => !c.from))
        for (const source of copy.sources) {
          if (source === '.') continue;
          expect(`${source} exists: ${existsSync(join(repoRoot, source))}`).toBe(`${source} exists: true`);
          expect(`${source} ignored: ${ignored(source)}`).toBe(`${source} ignored: false`);
        }
  });

  it('installs with the lock file and every workspace, so npm ci sees the whole tree', () => {
    const copied = copies(stage('manifests')).flatMap((c) => c.sources);
    const wanted = ['package.json', 'package-lock.json', ...spaces.map((w) => `${w.dir}/package.json`)];
    expect([...copied].sort()).toEqual([...wanted].sort());
    const runs = (name: string) =>
      stage(name)
        .instructions.filter((i) => i.op === 'RUN')
        .map((i) => i.args);
    expect(runs('deps').some((run) => /\bnpm ci\b/.test(run) && !run.includes('--omit=dev'))).toBe(true);
    expect(runs('prod-deps').some((run) => /\bnpm ci\b.*--omit=dev.*--ignore-scripts/.test(run))).toBe(true);
  });

  it('keeps installs, builds, local data, secrets and the history out of the build context', () => {
    for (const path of ['node_modules', 'api-gateway/node_modules', 'shell/dist', 'var', '.git', '.env', '.nx'])
      expect(`${path} ignored: ${ignored(path)}`).toBe(`${path} ignored: true`);
    for (const path of ['package.json', 'api-gateway/src/main.ts', 'tools/webpack/create-config.cjs', 'brands/sites'])
      expect(`${path} ignored: ${ignored(path)}`).toBe(`${path} ignored: false`);
  });

  it('copies into the images only what a build stage built, and production dependencies', () => {
    for (const target of TARGETS)
      for (const copy of lineage(target).flatMap(copies))
        for (const source of copy.sources) {
          if (!copy.from) continue;
          expect(stages.findIndex((s) => s.name === copy.from)).toBeLessThan(
            stages.findIndex((s) => s.name === target),
          );
          const dist = /^\/app\/(.+)\/dist$/.exec(source);
          if (dist) {
            const workspace = byDir.get(dist[1]);
            expect(`${source} built in ${copy.from}: ${builds.get(copy.from)?.includes(workspace?.name ?? '')}`).toBe(
              `${source} built in ${copy.from}: true`,
            );
            expect(workspace?.scripts.build).toBeDefined();
          } else if (source === '/app/node_modules') expect(copy.from).toBe('prod-deps');
          else if (copy.from === 'source')
            expect(existsSync(join(repoRoot, source.replace(/^\/app\//, '')))).toBe(true);
        }
  });

  it('gives the gateway image the shell, every remote and the brands it serves', () => {
    const copied = lineage('gateway')
      .flatMap(copies)
      .flatMap((c) => c.sources);
    const served = spaces.filter((w) => w.dir === 'shell' || w.tags.includes('type:remote'));
    expect(served.length).toBeGreaterThanOrEqual(6);
    for (const w of served) expect(copied).toContain(`/app/${w.dir}/dist`);
    expect(copied).toEqual(expect.arrayContaining(['/app/brands/global', '/app/brands/sites']));
  });

  it('starts each image as a numbered non-root user, on a file its build produces', () => {
    for (const target of TARGETS) {
      const user = last(target, 'USER') ?? 'root';
      expect(user).toMatch(/^[1-9]\d*(:\d+)?$/);
      expect(last(target, 'WORKDIR')).toBe('/app');
      const command = JSON.parse(last(target, 'CMD') ?? '[]') as string[];
      expect(command[0]).toBe('node');
      const producers = spaces.flatMap((w: Workspace) => bundleOutputs(w).map((output) => ({ ...output, w })));
      const producer = producers.find((p) => p.output === command[1]);
      expect(`${target} runs ${command[1]}: ${producer !== undefined}`).toBe(`${target} runs ${command[1]}: true`);
      expect(existsSync(join(repoRoot, producer?.entry ?? 'missing'))).toBe(true);
      const copiedDist = lineage(target)
        .flatMap(copies)
        .find((c) => c.sources.includes(`/app/${producer?.w.dir}/dist`));
      expect(builds.get(copiedDist?.from ?? '')).toContain(producer?.w.name);
    }
  });

  it('exposes the ports the manifests give the containers of each image', () => {
    const deployments = loadManifests().filter((m) => m.doc.kind === 'Deployment');
    for (const m of deployments) {
      const spec = (m.doc as unknown as IDeployment).spec?.template.spec;
      for (const container of [...(spec?.initContainers ?? []), ...(spec?.containers ?? [])]) {
        const target = (container.image ?? '').replace(/^shop-/, '');
        const exposed = (last(target, 'EXPOSE') ?? '').split(/\s+/);
        for (const port of container.ports ?? []) expect(exposed).toContain(String(port.containerPort));
      }
    }
  });

  it('agrees with the build scripts on where outputs land', () => {
    // bundle-node.mjs: dist/{entry name}.js; the server build: dist/server/{name}.js.
    const bundler = readText('tools/scripts/bundle-node.mjs');
    expect(bundler).toContain("outdir: 'dist'");
    expect(bundler).toContain("basename(entry).replace(/\\.ts$/, '')");
    const server = readText('tools/webpack/create-server-config.cjs');
    expect(server).toContain("path: path.join(outputPath, 'server')");
    expect(server).toContain("filename: '[name].js'");
    expect(readText('tools/webpack/create-config.cjs')).toContain("path.join(dirname, 'dist')");
    expect(serverBuildOutputs(byDir.get('shell') as Workspace).map((o) => o.output)).toContain(
      'shell/dist/server/renderer.js',
    );
  });
});
