// The Kubernetes models of every kind the manifests use (kubernetes-models: the API's OpenAPI
// schemas, compiled): `validate()` checks types, required fields and formats; `strictFieldErrors`
// adds what a schema alone lets through, a field the API does not know (a misspelt probe is
// otherwise silently dropped by the server), through TypeScript's excess-property check.
import { join } from 'node:path';
import ts from 'typescript';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { PersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { type Manifest, label, repoRoot } from './support';

interface Model {
  validate(): void;
}

/** apiVersion/kind -> the model, and its module and interface for the strict check. */
const MODELS: Record<string, { create: (data: never) => Model; module: string; type: string }> = {
  'apps/v1/Deployment': { create: (data) => new Deployment(data), module: 'apps/v1/Deployment', type: 'IDeployment' },
  'autoscaling/v2/HorizontalPodAutoscaler': {
    create: (data) => new HorizontalPodAutoscaler(data),
    module: 'autoscaling/v2/HorizontalPodAutoscaler',
    type: 'IHorizontalPodAutoscaler',
  },
  'networking.k8s.io/v1/Ingress': {
    create: (data) => new Ingress(data),
    module: 'networking.k8s.io/v1/Ingress',
    type: 'IIngress',
  },
  'policy/v1/PodDisruptionBudget': {
    create: (data) => new PodDisruptionBudget(data),
    module: 'policy/v1/PodDisruptionBudget',
    type: 'IPodDisruptionBudget',
  },
  'v1/ConfigMap': { create: (data) => new ConfigMap(data), module: 'v1/ConfigMap', type: 'IConfigMap' },
  'v1/Namespace': { create: (data) => new Namespace(data), module: 'v1/Namespace', type: 'INamespace' },
  'v1/PersistentVolumeClaim': {
    create: (data) => new PersistentVolumeClaim(data),
    module: 'v1/PersistentVolumeClaim',
    type: 'IPersistentVolumeClaim',
  },
  'v1/Secret': { create: (data) => new Secret(data), module: 'v1/Secret', type: 'ISecret' },
  'v1/Service': { create: (data) => new Service(data), module: 'v1/Service', type: 'IService' },
};

const modelKey = (m: Manifest) => `${m.doc.apiVersion}/${m.doc.kind}`;

export const knownKind = (m: Manifest): boolean => modelKey(m) in MODELS;

/** The schema's complaint about a manifest, or undefined when it is valid. */
export function schemaError(m: Manifest): string | undefined {
  const model = MODELS[modelKey(m)];
  if (!model) return `no model for ${modelKey(m)}`;
  try {
    model.create(m.doc as never).validate();
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * Each manifest as a typed object literal in one virtual TypeScript file; every excess property
 * (a field the API does not have) and every type mismatch is a diagnostic, named by manifest.
 */
export function strictFieldErrors(manifests: Manifest[]): string[] {
  const file = join(repoRoot, 'deploy', 'test', '__manifests__.ts');
  const used = [...new Set(manifests.map((m) => MODELS[modelKey(m)]).filter(Boolean))];
  const header = used.map((model) => `import type { ${model.type} } from 'kubernetes-models/${model.module}';`);
  const body = manifests.map((m, at) => `export const m${at}: ${MODELS[modelKey(m)].type} = ${JSON.stringify(m.doc)};`);
  const text = [...header, ...body].join('\n');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    lib: ['lib.es2022.d.ts'],
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists } = host;
  host.getSourceFile = (name, language, ...rest) =>
    name === file ? ts.createSourceFile(name, text, language) : getSourceFile.call(host, name, language, ...rest);
  host.fileExists = (name) => name === file || fileExists.call(host, name);
  const program = ts.createProgram([file], options, host);
  const source = program.getSourceFile(file);
  if (!source) throw new Error('the virtual manifest file was not read');
  return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map((diagnostic) => {
    const line = diagnostic.start === undefined ? -1 : source.getLineAndCharacterOfPosition(diagnostic.start).line;
    const where = manifests[line - header.length];
    return `${where ? label(where) : 'manifests'}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
  });
}
