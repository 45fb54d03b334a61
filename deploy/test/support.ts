// What the deployment tests read: the manifests, the Dockerfile, and the variables each process
// reads, taken from its configuration source (the zod keys and the env reads of @shop/node-kit).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseAllDocuments } from 'yaml';

export const repoRoot = join(__dirname, '..', '..');
export const k8sDir = join(repoRoot, 'deploy', 'k8s');
export const dockerfilePath = join(repoRoot, 'deploy', 'docker', 'shop.Dockerfile');

export const readText = (path: string): string => readFileSync(join(repoRoot, path), 'utf8');
export const readJson = <T>(path: string): T => JSON.parse(readText(path)) as T;

/** One Kubernetes object as written, with the file it is in. */
export interface Manifest {
  file: string;
  /** Its place in the file (0 for the first document). */
  index: number;
  doc: KubeObject;
}

export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [field: string]: unknown;
}

export const label = (m: Manifest) => `${m.file} ${m.doc.kind}/${m.doc.metadata?.name ?? '?'}`;

/** Every YAML document of a file, failing on the first syntax error. */
export function readYaml(path: string): unknown[] {
  const docs = parseAllDocuments(readText(path));
  const list = Array.isArray(docs) ? docs : [docs];
  return list.map((doc, index) => {
    if (doc.errors.length > 0) throw new Error(`${path} #${index}: ${doc.errors[0].message}`);
    return doc.toJS() as unknown;
  });
}

/** The manifest files of deploy/k8s, kustomization.yaml aside. */
export const manifestFiles = (): string[] =>
  readdirSync(k8sDir)
    .filter((name) => /\.ya?ml$/.test(name) && name !== 'kustomization.yaml')
    .sort()
    .map((name) => relative(repoRoot, join(k8sDir, name)));

export function loadManifests(): Manifest[] {
  return manifestFiles().flatMap((file) =>
    readYaml(file)
      .filter((doc) => doc !== null)
      .map((doc, index) => ({ file, index, doc: doc as KubeObject })),
  );
}

/** The processes the manifests run, and the source that says which variables each reads. */
export const PROCESS_SOURCES = {
  gateway: 'api-gateway/src/config.ts',
  renderer: 'shell/src/server/main.ts',
  commerce: 'services/commerce/src/config.ts',
  vendors: 'services/vendors/src/config.ts',
} as const;
export type ProcessName = keyof typeof PROCESS_SOURCES;

/** Which process each container runs: the publish step is the gateway's CLI, on its configuration. */
export const CONTAINER_PROCESS: Record<string, ProcessName> = {
  gateway: 'gateway',
  'publish-remotes': 'gateway',
  renderer: 'renderer',
  commerce: 'commerce',
  vendors: 'vendors',
};

const NODE_KIT_READERS: { call: string; source: string }[] = [
  { call: 'shutdownSettings(', source: 'libs/node-kit/src/http-lifecycle.ts' },
  { call: 'metricsAccess(', source: 'libs/node-kit/src/metrics/metrics.ts' },
  { call: 'deploymentEnvironment(', source: 'libs/node-kit/src/secrets.ts' },
];

/** Names read from an environment in a source: `env.NAME`, `env['NAME']`, `read('NAME', ...)`. */
function envReads(source: string): string[] {
  const names = [
    ...source.matchAll(/\benv\.([A-Z][A-Z0-9_]+)\b/g),
    ...source.matchAll(/\benv\[['"]([A-Z][A-Z0-9_]+)['"]\]/g),
    ...source.matchAll(/\bread\(['"]([A-Z][A-Z0-9_]+)['"]/g),
  ];
  return names.map((match) => match[1]);
}

/**
 * The variables a process reads: the UPPER_CASE keys of its configuration's object literals (the
 * zod schema), its direct env reads, and those of the @shop/node-kit readers it calls.
 */
export function processVariables(processName: ProcessName): Set<string> {
  const source = readText(PROCESS_SOURCES[processName]);
  const names = new Set<string>([
    ...[...source.matchAll(/^\s+([A-Z][A-Z0-9_]*[A-Z0-9]):\s/gm)].map((match) => match[1]),
    ...envReads(source),
  ]);
  for (const { call, source: reader } of NODE_KIT_READERS)
    if (source.includes(call)) for (const name of envReads(readText(reader))) names.add(name);
  return names;
}

/**
 * The secrets a process refuses to start without outside development and test: the keys given to
 * requireStrongSecrets directly (not those spread in only when set).
 */
export function requiredSecrets(processName: ProcessName): string[] {
  const source = readText(PROCESS_SOURCES[processName]);
  const call = /requireStrongSecrets\(\w+, \{\n([\s\S]*?)\n\s*\}\);/.exec(source);
  if (!call) return [];
  return [...call[1].matchAll(/^\s{4}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1]);
}

/** The npm workspaces: folder and package.json of each. */
export interface Workspace {
  dir: string;
  name: string;
  scripts: Record<string, string>;
  tags: string[];
}

export function workspaces(): Workspace[] {
  const root = readJson<{ workspaces: string[] }>('package.json');
  const dirs = root.workspaces.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    return readdirSync(join(repoRoot, parent))
      .map((name) => `${parent}/${name}`)
      .filter((dir) => statSync(join(repoRoot, dir)).isDirectory());
  });
  return dirs
    .filter((dir) => existsSync(join(repoRoot, dir, 'package.json')))
    .map((dir) => {
      const pkg = readJson<{ name: string; scripts?: Record<string, string>; nx?: { tags?: string[] } }>(
        `${dir}/package.json`,
      );
      return { dir, name: pkg.name, scripts: pkg.scripts ?? {}, tags: pkg.nx?.tags ?? [] };
    });
}

/** The brands: each folder of brands/sites with a config.json, by its id. */
export function brandIds(): string[] {
  return readdirSync(join(repoRoot, 'brands', 'sites'))
    .filter((name) => existsSync(join(repoRoot, 'brands', 'sites', name, 'config.json')))
    .map((name) => readJson<{ id: string }>(`brands/sites/${name}/config.json`).id)
    .sort();
}

/** PUBLIC_ORIGINS as the gateway reads it: `brand=origin,origin;brand=origin`, the first canonical. */
export function parsePublicOrigins(value: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const entry of value.split(';').filter((part) => part.trim())) {
    const [brand, list = ''] = entry.split('=').map((part) => part.trim());
    out.set(
      brand,
      list.split(',').map((origin) => origin.trim().toLowerCase()),
    );
  }
  return out;
}

/** A comma-separated list, as the services split one. */
export const commaList = (value: string): string[] =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

/**
 * What a build script produces: `bundle-node.mjs src/main.ts src/cli/x.ts` makes dist/main.js and
 * dist/x.js (tools/scripts/bundle-node.mjs names each output after its entry).
 */
export function bundleOutputs(workspace: Workspace): { output: string; entry: string }[] {
  const build = workspace.scripts.build ?? '';
  const match = /bundle-node\.mjs((?:\s+\S+\.ts)+)/.exec(build);
  if (!match) return [];
  return match[1]
    .trim()
    .split(/\s+/)
    .map((entry) => ({
      entry: `${workspace.dir}/${entry}`,
      output: `${workspace.dir}/dist/${entry.split('/').pop()?.replace(/\.ts$/, '.js')}`,
    }));
}

/**
 * The shell's server build (ADR 0017): each `serverEntries` name becomes dist/server/{name}.js
 * (tools/webpack/create-server-config.cjs).
 */
export function serverBuildOutputs(workspace: Workspace): { output: string; entry: string }[] {
  const configFile = `${workspace.dir}/webpack.config.js`;
  if (!existsSync(join(repoRoot, configFile))) return [];
  const entries = /serverEntries:\s*\{([^}]*)\}/.exec(readText(configFile));
  if (!entries) return [];
  return [...entries[1].matchAll(/(\w+):\s*'([^']+)'/g)].map((match) => ({
    output: `${workspace.dir}/dist/server/${match[1]}.js`,
    entry: `${workspace.dir}/${match[2].replace(/^\.\//, '')}`,
  }));
}
