// The Kubernetes manifests of deploy/k8s: valid against the API's schemas, wired to one another,
// and true to what the services read and do (their variables, ports, health routes and stop).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import type { IProbe } from 'kubernetes-models/v1/Probe';
import type { ISecret } from 'kubernetes-models/v1/Secret';
import type { IService } from 'kubernetes-models/v1/Service';
import { weakSecretReason } from '@shop/node-kit';
import { knownKind, schemaError, strictFieldErrors } from './kube-schemas';
import {
  CONTAINER_PROCESS,
  PROCESS_SOURCES,
  type ProcessName,
  brandIds,
  bundleOutputs,
  commaList,
  k8sDir,
  label,
  loadManifests,
  manifestFiles,
  parsePublicOrigins,
  processVariables,
  readText,
  readYaml,
  repoRoot,
  requiredSecrets,
  serverBuildOutputs,
  workspaces,
} from './support';

const manifests = loadManifests();
const ofKind = <T>(kind: string) =>
  manifests.filter((m) => m.doc.kind === kind).map((m) => ({ m, doc: m.doc as unknown as T }));

const deployments = ofKind<IDeployment>('Deployment');
const services = ofKind<IService>('Service');
const configMaps = ofKind<IConfigMap>('ConfigMap');
const secrets = ofKind<ISecret>('Secret');
const hpas = ofKind<IHorizontalPodAutoscaler>('HorizontalPodAutoscaler');
const pdbs = ofKind<IPodDisruptionBudget>('PodDisruptionBudget');
const ingresses = ofKind<IIngress>('Ingress');
const claims = ofKind<IPersistentVolumeClaim>('PersistentVolumeClaim');

const configMap = (name: string): Record<string, string> => {
  const found = configMaps.find(({ doc }) => doc.metadata?.name === name);
  if (!found) throw new Error(`no ConfigMap ${name}`);
  return found.doc.data ?? {};
};
const secretData = (name: string): Record<string, string> => {
  const found = secrets.find(({ doc }) => doc.metadata?.name === name);
  if (!found) throw new Error(`no Secret ${name}`);
  return { ...found.doc.stringData, ...found.doc.data };
};

interface PodContainer {
  deployment: string;
  container: IContainer;
  /** An init container that keeps running beside the others (restartPolicy Always). */
  sidecar: boolean;
  /** An init container that runs to its end before the others start. */
  init: boolean;
}

const podContainers = (doc: IDeployment): PodContainer[] => {
  const spec = doc.spec?.template.spec;
  const name = doc.metadata?.name ?? '?';
  return [
    ...(spec?.initContainers ?? []).map((container) => ({
      deployment: name,
      container,
      sidecar: container.restartPolicy === 'Always',
      init: container.restartPolicy !== 'Always',
    })),
    ...(spec?.containers ?? []).map((container) => ({ deployment: name, container, sidecar: false, init: false })),
  ];
};
const allContainers = deployments.flatMap(({ doc }) => podContainers(doc));

const processOf = (container: IContainer): ProcessName => {
  const name = CONTAINER_PROCESS[container.name];
  if (!name) throw new Error(`container ${container.name} runs no known process`);
  return name;
};

/** Every variable a container gets, with where it comes from. */
function containerEnv(container: IContainer): Map<string, { configMap?: string; secret?: string; key?: string }> {
  const out = new Map<string, { configMap?: string; secret?: string; key?: string }>();
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef)
      for (const key of Object.keys(configMap(source.configMapRef.name ?? '')))
        out.set(key, { configMap: source.configMapRef.name, key });
    if (source.secretRef)
      for (const key of Object.keys(secretData(source.secretRef.name ?? '')))
        out.set(key, { secret: source.secretRef.name, key });
  }
  for (const variable of container.env ?? []) {
    const ref = variable.valueFrom;
    out.set(variable.name, {
      configMap: ref?.configMapKeyRef?.name,
      secret: ref?.secretKeyRef?.name,
      key: ref?.configMapKeyRef?.key ?? ref?.secretKeyRef?.key,
    });
  }
  return out;
}

/** A container's settings as its process sees them (ConfigMap values; secrets left out). */
function settings(container: IContainer): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, source] of containerEnv(container))
    if (source.configMap && source.key) out[name] = configMap(source.configMap)[source.key];
  for (const variable of container.env ?? []) if (variable.value !== undefined) out[variable.name] = variable.value;
  return out;
}

const containerNamed = (name: string): IContainer => {
  const found = allContainers.find(({ container }) => container.name === name);
  if (!found) throw new Error(`no container ${name}`);
  return found.container;
};

/**
 * A process's PostgreSQL pool: its `*POOL_SIZE` setting, else that variable's default in its
 * configuration, else the size its code opens the pool with.
 */
function poolSize(processName: ProcessName, own: Record<string, string>): number {
  const variable = [...processVariables(processName)].find((name) => /POOL_SIZE$/.test(name));
  if (variable && own[variable] !== undefined) return Number(own[variable]);
  if (variable) {
    const source = readText(PROCESS_SOURCES[processName]);
    return Number(new RegExp(`${variable}: z[^\\n]*\\.default\\((\\d+)\\)`).exec(source)?.[1]);
  }
  if (processName === 'vendors') return Number(/poolSize: (\d+)/.exec(readText('services/vendors/src/server.ts'))?.[1]);
  return Number(/poolSize = (\d+)/.exec(readText('libs/node-kit/src/db/database.ts'))?.[1]);
}

const matches = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined) =>
  Object.keys(selector ?? {}).length > 0 &&
  Object.entries(selector ?? {}).every(([key, value]) => labels?.[key] === value);

const deploymentFor = (selector: Record<string, string> | undefined) =>
  deployments.filter(({ doc }) => matches(selector, doc.spec?.template.metadata?.labels));

const kustomization = readYaml('deploy/k8s/kustomization.yaml')[0] as {
  namespace: string;
  resources: string[];
  images: { name: string; newName?: string; newTag?: string }[];
};

describe('the manifest set', () => {
  it('lists every manifest in kustomization.yaml, the Secret template excepted', () => {
    const files = manifestFiles().map((file) => file.replace('deploy/k8s/', ''));
    expect([...kustomization.resources].sort()).toEqual(files.filter((file) => !file.endsWith('.template.yaml')));
    for (const resource of kustomization.resources) expect(existsSync(join(k8sDir, resource))).toBe(true);
  });

  it('puts everything in the namespace it creates', () => {
    const namespaces = ofKind<{ metadata: { name: string } }>('Namespace');
    expect(namespaces.map(({ doc }) => doc.metadata.name)).toEqual([kustomization.namespace]);
    for (const m of manifests)
      if (m.doc.kind !== 'Namespace' && m.doc.metadata.namespace !== undefined)
        expect(`${label(m)} in ${m.doc.metadata.namespace}`).toBe(`${label(m)} in ${kustomization.namespace}`);
  });

  it('holds only kinds with a schema, each object once', () => {
    expect(manifests.filter((m) => !knownKind(m)).map(label)).toEqual([]);
    const names = manifests.map((m) => `${m.doc.kind}/${m.doc.metadata?.name}`);
    expect(names.filter((name, at) => names.indexOf(name) !== at)).toEqual([]);
  });

  it('validates every object against the Kubernetes schemas', () => {
    const errors = manifests.map((m) => [label(m), schemaError(m)]).filter(([, error]) => error !== undefined);
    expect(errors).toEqual([]);
  });

  it('uses no field the Kubernetes API does not have', () => {
    expect(strictFieldErrors(manifests)).toEqual([]);
  }, 60_000);

  it('runs only the images the kustomization names, each built by a target of the Dockerfile', () => {
    const names = kustomization.images.map((image) => image.name);
    const dockerfile = readFileSync(join(repoRoot, 'deploy', 'docker', 'shop.Dockerfile'), 'utf8');
    for (const { container } of allContainers) {
      expect(names).toContain(container.image);
      const target = (container.image ?? '').replace(/^shop-/, '');
      expect(dockerfile).toMatch(new RegExp(`^FROM \\S+ AS ${target}$`, 'm'));
    }
  });
});

describe('health probes', () => {
  const port = (container: IContainer, probe: IProbe) => {
    const wanted = probe.httpGet?.port;
    return container.ports?.find((p) => p.name === wanted || p.containerPort === wanted);
  };

  it('ask /readyz for readiness and /healthz for liveness and start-up, on a port the container declares', () => {
    for (const { deployment, container, init, sidecar } of allContainers) {
      if (init || sidecar) continue;
      const where = `${deployment}/${container.name}`;
      const { readinessProbe, livenessProbe, startupProbe } = container;
      expect(`${where} readiness ${readinessProbe?.httpGet?.path}`).toBe(`${where} readiness /readyz`);
      expect(`${where} liveness ${livenessProbe?.httpGet?.path}`).toBe(`${where} liveness /healthz`);
      if (startupProbe) expect(`${where} start-up ${startupProbe.httpGet?.path}`).toBe(`${where} start-up /healthz`);
      for (const probe of [readinessProbe, livenessProbe, startupProbe])
        if (probe) expect(port(container, probe)).toBeDefined();
      // The readiness check waits up to 2 s for each dependency (@shop/node-kit): the probe waits longer.
      expect(readinessProbe?.timeoutSeconds ?? 1).toBeGreaterThan(2);
    }
  });

  it('probe the port each process is configured to listen on', () => {
    const portVariable: Partial<Record<ProcessName, string>> = {
      gateway: 'PORT',
      commerce: 'COMMERCE_PORT',
      vendors: 'VENDORS_PORT',
    };
    for (const { container, init, sidecar } of allContainers) {
      if (init || sidecar) continue;
      const variable = portVariable[processOf(container)];
      if (!variable) throw new Error(`no port variable for ${container.name}`);
      const probed = port(container, container.readinessProbe ?? {});
      expect(`${container.name} ${probed?.containerPort}`).toBe(`${container.name} ${settings(container)[variable]}`);
      // Kubernetes probes a pod on its own address: a process on loopback only cannot answer.
      const host = settings(container)[variable.replace('PORT', 'HOST')];
      if (host !== undefined) expect(host).toBe('0.0.0.0');
    }
  });

  it('check the renderer sidecar on its loopback port, where the gateway asks it', () => {
    const renderer = containerNamed('renderer');
    const own = settings(renderer);
    expect(own.RENDERER_HOST).toBe('127.0.0.1');
    const healthz = `http://127.0.0.1:${own.RENDERER_PORT}/healthz`;
    for (const probe of [renderer.startupProbe, renderer.livenessProbe])
      expect(probe?.exec?.command?.join(' ')).toContain(healthz);
    // It has no /readyz and the gateway renders in the browser without it: it never makes the pod unready.
    expect(renderer.readinessProbe).toBeUndefined();
    expect(settings(containerNamed('gateway')).RENDERER_URL).toBe(`http://127.0.0.1:${own.RENDERER_PORT}`);
  });
});

describe('stopping', () => {
  it('gives each pod more time than its processes drain and finish for', () => {
    for (const { doc } of deployments) {
      const grace = doc.spec?.template.spec?.terminationGracePeriodSeconds;
      expect(grace).toBeDefined();
      for (const { container, init } of podContainers(doc)) {
        if (init || processOf(container) === 'renderer') continue;
        const own = settings(container);
        expect(own.SHUTDOWN_DRAIN_DELAY_MS).toMatch(/^\d+$/);
        expect(own.SHUTDOWN_GRACE_MS).toMatch(/^\d+$/);
        const needed = Number(own.SHUTDOWN_DRAIN_DELAY_MS) + Number(own.SHUTDOWN_GRACE_MS);
        // At least 5 s more: the pools close after the grace period, then the sidecar stops.
        expect((grace ?? 0) * 1000).toBeGreaterThanOrEqual(needed + 5_000);
        // A load balancer probing every period sees the failed /readyz before the port closes.
        const probe = container.readinessProbe;
        expect((probe?.periodSeconds ?? 10) * 1000).toBeLessThanOrEqual(Number(own.SHUTDOWN_DRAIN_DELAY_MS));
      }
    }
  });
});

describe('security', () => {
  it('runs every pod as a non-root user with the runtime seccomp profile', () => {
    for (const { doc } of deployments) {
      const pod = doc.spec?.template.spec?.securityContext;
      expect(pod?.runAsNonRoot).toBe(true);
      expect(pod?.runAsUser).toBeGreaterThan(0);
      expect(pod?.seccompProfile?.type).toBe('RuntimeDefault');
      expect(doc.spec?.template.spec?.automountServiceAccountToken).toBe(false);
    }
  });

  it('runs every container read-only, without privileges and with resource requests and limits', () => {
    const quantity = (value: string | number | undefined) => {
      const text = String(value ?? '');
      const units: Record<string, number> = { m: 1e-3, Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30 };
      const [, number, unit = ''] = /^([\d.]+)([A-Za-z]*)$/.exec(text) ?? [];
      return Number(number) * (units[unit] ?? 1);
    };
    for (const { container } of allContainers) {
      const context = container.securityContext;
      expect(`${container.name} ${context?.allowPrivilegeEscalation}`).toBe(`${container.name} false`);
      expect(`${container.name} ${context?.readOnlyRootFilesystem}`).toBe(`${container.name} true`);
      expect(context?.capabilities?.drop).toEqual(['ALL']);
      for (const resource of ['cpu', 'memory']) {
        const request = container.resources?.requests?.[resource];
        const limit = container.resources?.limits?.[resource];
        expect(`${container.name} ${resource} ${request !== undefined} ${limit !== undefined}`).toBe(
          `${container.name} ${resource} true true`,
        );
        expect(quantity(request)).toBeLessThanOrEqual(quantity(limit));
      }
    }
  });

  it('keeps secrets out of ConfigMaps and plain values', () => {
    const secretLike = /SECRET|_API_KEY$|^OPS_API_KEY$|^METRICS_TOKEN$|^DATABASE_URL$|^REDIS_URL$|^SMTP_URL$/;
    for (const { m, doc } of configMaps)
      expect(`${label(m)}: ${Object.keys(doc.data ?? {}).filter((key) => secretLike.test(key))}`).toBe(`${label(m)}: `);
    for (const { container } of allContainers)
      for (const variable of container.env ?? [])
        if (secretLike.test(variable.name)) expect(variable.valueFrom?.secretKeyRef).toBeDefined();
  });

  it('gives each process every secret it refuses to start without, from a Secret', () => {
    for (const { container } of allContainers) {
      const env = containerEnv(container);
      for (const name of requiredSecrets(processOf(container)))
        expect(`${container.name} ${name} from ${env.get(name)?.secret}`).toBe(
          `${container.name} ${name} from shop-secrets`,
        );
    }
  });

  it('ships a Secret template whose every value is a placeholder the services refuse', () => {
    expect(secrets.map(({ m }) => m.file)).toEqual(['deploy/k8s/secret.template.yaml']);
    const data = secretData('shop-secrets');
    expect(Object.keys(data).length).toBeGreaterThan(0);
    for (const [key, value] of Object.entries(data)) {
      expect(`${key}: ${value}`).toMatch(/PLACEHOLDER/);
      expect(`${key}: ${weakSecretReason(value) === undefined ? 'accepted' : 'refused'}`).toBe(`${key}: refused`);
    }
  });
});

describe('variables', () => {
  it('sets only variables the process of each container reads', () => {
    for (const { container } of allContainers) {
      const known = processVariables(processOf(container));
      const unknown = [...containerEnv(container).keys()].filter((name) => !known.has(name));
      expect(`${container.name}: ${unknown.join(', ')}`).toBe(`${container.name}: `);
    }
  });

  it('reads each process configuration well enough to check it', () => {
    expect(processVariables('gateway').size).toBeGreaterThan(60);
    expect(processVariables('commerce').size).toBeGreaterThan(15);
    expect(processVariables('vendors').size).toBeGreaterThan(25);
    expect(processVariables('renderer').size).toBeGreaterThanOrEqual(5);
    for (const name of ['gateway', 'commerce', 'vendors'] as const) {
      for (const shared of ['APP_ENV', 'SHUTDOWN_DRAIN_DELAY_MS', 'SHUTDOWN_GRACE_MS', 'METRICS_TOKEN'])
        expect(processVariables(name)).toContain(shared);
      expect(requiredSecrets(name).length).toBeGreaterThan(0);
    }
  });

  it('refers only to ConfigMaps, Secrets and keys that exist, and leaves none unused', () => {
    const usedConfigMaps = new Set<string>();
    const usedSecretKeys = new Set<string>();
    for (const { container } of allContainers)
      for (const [name, source] of containerEnv(container)) {
        if (source.configMap) {
          usedConfigMaps.add(source.configMap);
          expect(`${name}: ${source.key && source.key in configMap(source.configMap)}`).toBe(`${name}: true`);
        }
        if (source.secret && source.key) {
          expect(`${name}: ${source.key in secretData(source.secret)}`).toBe(`${name}: true`);
          usedSecretKeys.add(source.key);
        }
      }
    expect([...usedConfigMaps].sort()).toEqual(configMaps.map(({ doc }) => doc.metadata?.name).sort());
    expect([...usedSecretKeys].sort()).toEqual(Object.keys(secretData('shop-secrets')).sort());
  });

  it('gives a setting two processes share (keys, client ids, project) the same value in each', () => {
    // Settings each process may choose for itself; DATA_DIR of the gateway and renderer is checked below.
    const own = new Set([
      'APP_ENV',
      'NODE_ENV',
      'LOG_LEVEL',
      'DATABASE_URL',
      'DATA_DIR',
      'SHUTDOWN_DRAIN_DELAY_MS',
      'SHUTDOWN_GRACE_MS',
    ]);
    const byName = new Map<string, Map<string, string>>();
    for (const { container } of allContainers)
      for (const [name, source] of containerEnv(container)) {
        if (own.has(name)) continue;
        const value = source.secret ? `secret ${source.key}` : settings(container)[name];
        const seen = byName.get(name) ?? new Map<string, string>();
        seen.set(value, container.name);
        byName.set(name, seen);
      }
    for (const [name, values] of byName) expect(`${name}: ${[...values.keys()].join(' | ')}`).not.toMatch(/ \| /);
    expect(byName.has('COMMERCE_CLIENT_SECRET')).toBe(true);
  });

  it('gives the publish step the same variables as the gateway', () => {
    const publish = containerNamed('publish-remotes');
    const gateway = containerNamed('gateway');
    expect(publish.env).toEqual(gateway.env);
    expect(publish.envFrom).toEqual(gateway.envFrom);
  });

  it('points every in-cluster URL at a Service port, the commerce URL at its base path', () => {
    for (const { m, doc } of configMaps)
      for (const [key, value] of Object.entries(doc.data ?? {})) {
        if (!/^https?:\/\//.test(value)) continue;
        const url = new URL(value);
        const service = services.find(({ doc: s }) => s.metadata?.name === url.hostname);
        if (!service) continue;
        const ports = (service.doc.spec?.ports ?? []).map((p) => String(p.port));
        expect(`${label(m)} ${key} port ${url.port}: ${ports.includes(url.port)}`).toBe(
          `${label(m)} ${key} port ${url.port}: true`,
        );
      }
    const commerce = settings(containerNamed('commerce'));
    const api = new URL(settings(containerNamed('gateway')).COMMERCE_API_URL);
    expect(api.pathname).toBe(commerce.COMMERCE_BASE_PATH);
    expect(api.port).toBe(commerce.COMMERCE_PORT);
  });
});

describe('brands behind the load balancer', () => {
  const gateway = settings(containerNamed('gateway'));
  const origins = parsePublicOrigins(gateway.PUBLIC_ORIGINS ?? '');
  const allOrigins = [...origins.values()].flat();
  const shop = ingresses.find(({ doc }) => doc.metadata?.name === 'shop')?.doc;

  it('names public origins for every brand in brands/, https with no path', () => {
    expect([...origins.keys()].sort()).toEqual(brandIds());
    expect(brandIds()).toContain(gateway.BRAND);
    for (const origin of allOrigins) {
      expect(origin).toMatch(/^https:\/\//);
      expect(new URL(origin).origin).toBe(origin);
    }
    expect(new Set(allOrigins.map((origin) => new URL(origin).hostname)).size).toBe(allOrigins.length);
  });

  it('routes exactly those hosts to the gateway, all under TLS', () => {
    const hosts = (shop?.spec?.rules ?? []).map((rule) => rule.host);
    expect([...hosts].sort()).toEqual(allOrigins.map((origin) => new URL(origin).hostname).sort());
    const tls = (shop?.spec?.tls ?? []).flatMap((entry) => entry.hosts ?? []);
    expect([...tls].sort()).toEqual([...hosts].sort());
    for (const rule of shop?.spec?.rules ?? [])
      for (const path of rule.http?.paths ?? []) {
        expect(path.backend.service?.name).toBe('gateway');
        expect(path.backend.service?.port?.name).toBe('http');
      }
  });

  it('lets the vendor stand-ins serve every brand origin', () => {
    const vendors = settings(containerNamed('vendors'));
    for (const key of ['PAYMENT_ALLOWED_ORIGINS', 'FRAUD_ALLOWED_ORIGINS'])
      expect([...commaList(vendors[key])].sort()).toEqual([...allOrigins].sort());
    expect([...commaList(vendors.IDME_REDIRECT_URIS)].sort()).toEqual(
      allOrigins.map((origin) => `${origin}/api/idMe/callback`).sort(),
    );
  });

  it("routes the stand-ins' browser-facing origins to the listeners the vendors configure", () => {
    const vendors = settings(containerNamed('vendors'));
    const vendorContainer = containerNamed('vendors');
    const vendorService = services.find(({ doc }) => doc.metadata?.name === 'vendors')?.doc;
    const rules = ingresses.flatMap(({ doc }) => doc.spec?.rules ?? []);
    const listeners: Record<string, string> = {
      PAYMENT_HOSTED_URL: 'PAYMENT_HOSTED_PORT',
      FRAUD_COLLECTOR_URL: 'FRAUD_COLLECTOR_PORT',
      IDME_AUTHORIZE_URL: 'IDME_PORT',
    };
    for (const [urlVariable, portVariable] of Object.entries(listeners)) {
      const url = new URL(gateway[urlVariable]);
      expect(url.protocol).toBe('https:');
      const backend = rules.find((rule) => rule.host === url.hostname)?.http?.paths[0]?.backend.service;
      expect(`${urlVariable} -> ${backend?.name}`).toBe(`${urlVariable} -> vendors`);
      const servicePort = vendorService?.spec?.ports?.find((p) => p.name === backend?.port?.name);
      const containerPort = vendorContainer.ports?.find((p) => p.name === servicePort?.targetPort);
      expect(`${urlVariable} ${containerPort?.containerPort}`).toBe(`${urlVariable} ${vendors[portVariable]}`);
    }
  });
});

describe('scaling', () => {
  const hpaTarget = (doc: IHorizontalPodAutoscaler) =>
    deployments.find(({ doc: d }) => d.metadata?.name === doc.spec?.scaleTargetRef.name);

  it('autoscales the gateway and commerce, leaving their replica count to the autoscaler', () => {
    expect(hpas.map(({ doc }) => doc.spec?.scaleTargetRef.name).sort()).toEqual(['commerce', 'gateway']);
    for (const { doc } of hpas) {
      expect(doc.spec?.scaleTargetRef.kind).toBe('Deployment');
      const target = hpaTarget(doc);
      expect(target).toBeDefined();
      expect(target?.doc.spec?.replicas).toBeUndefined();
      expect(doc.spec?.minReplicas ?? 1).toBeGreaterThanOrEqual(2);
      expect(doc.spec?.maxReplicas).toBeGreaterThanOrEqual(doc.spec?.minReplicas ?? 1);
    }
  });

  it('budgets disruptions of each autoscaled Deployment, selecting its pods', () => {
    for (const { m, doc } of pdbs)
      expect(`${label(m)}: ${deploymentFor(doc.spec?.selector?.matchLabels).length}`).toBe(`${label(m)}: 1`);
    for (const { doc } of hpas) {
      const target = hpaTarget(doc)?.doc;
      const budget = pdbs.find(({ doc: pdb }) =>
        matches(pdb.spec?.selector?.matchLabels, target?.spec?.template.metadata?.labels),
      );
      expect(`${target?.metadata?.name} budget ${budget !== undefined}`).toBe(`${target?.metadata?.name} budget true`);
    }
  });

  it('selects each Service its Deployment, on ports the containers declare', () => {
    for (const { m, doc } of services) {
      const [target] = deploymentFor(doc.spec?.selector);
      expect(`${label(m)} -> ${target?.doc.metadata?.name}`).toBe(`${label(m)} -> ${doc.metadata?.name}`);
      const declared = podContainers(target.doc).flatMap(({ container }) => container.ports ?? []);
      for (const port of doc.spec?.ports ?? [])
        expect(declared.some((p) => p.name === port.targetPort || p.containerPort === port.targetPort)).toBe(true);
    }
  });

  it('keeps every Deployment selector on its own pod labels', () => {
    for (const { m, doc } of deployments)
      expect(`${label(m)} ${matches(doc.spec?.selector.matchLabels, doc.spec?.template.metadata?.labels)}`).toBe(
        `${label(m)} true`,
      );
  });

  it('shares what gateway instances must agree on through PostgreSQL, not a disk', () => {
    const gateway = containerNamed('gateway');
    const env = containerEnv(gateway);
    // With DATABASE_URL the registry, its audit, the published builds and tracking are in the database.
    expect(env.get('DATABASE_URL')?.secret).toBe('shop-secrets');
    const tracking = settings(gateway).TRACKING_LOG;
    if (tracking !== undefined) expect(tracking).toBe('-');
    expect(claims).toEqual([]);
  });

  it("gives each renderer the builds its gateway copies, on a volume of the pod's own", () => {
    const pod = deployments.find(({ doc }) => doc.metadata?.name === 'gateway')?.doc.spec?.template.spec;
    const cache = settings(containerNamed('gateway')).REMOTES_CACHE_DIR;
    const mountOf = (container: IContainer) =>
      container.volumeMounts?.find((mount) => cache?.startsWith(`${mount.mountPath}/`) || cache === mount.mountPath);
    const written = mountOf(containerNamed('gateway'));
    expect(written?.readOnly ?? false).toBe(false);
    expect(pod?.volumes?.find((volume) => volume.name === written?.name)?.emptyDir).toBeDefined();
    const renderer = containerNamed('renderer');
    expect(settings(renderer).REMOTES_DIR).toBe(cache);
    expect(mountOf(renderer)?.name).toBe(written?.name);
    expect(mountOf(renderer)?.readOnly).toBe(true);
    // The publish step copies them there too, so the gateway starts with them in place.
    expect(mountOf(containerNamed('publish-remotes'))?.name).toBe(written?.name);
  });

  it('needs Redis for more than one gateway', () => {
    const env = containerEnv(containerNamed('gateway'));
    expect(env.get('REDIS_URL')?.secret).toBe('shop-secrets');
  });

  it('fits every PostgreSQL pool, at the most replicas and during a rollout, in max_connections less headroom', () => {
    // docs/deploy.md, Scaling: the server's max_connections the manifests are sized for, less
    // room for administration, migrations and other clients.
    const maxConnections = 200;
    const headroom = 20;
    let connections = 0;
    for (const { doc } of deployments) {
      const name = doc.metadata?.name ?? '';
      const [container] = doc.spec?.template.spec?.containers ?? [];
      if (!containerEnv(container).has('DATABASE_URL')) continue;
      const pool = poolSize(processOf(container), settings(container));
      expect(`${name} pool ${pool}`).toMatch(/pool [1-9]\d*$/);
      const hpa = hpas.find(({ doc: h }) => h.spec?.scaleTargetRef.name === name)?.doc;
      const surge = Number(doc.spec?.strategy?.rollingUpdate?.maxSurge ?? 1);
      connections += ((hpa?.spec?.maxReplicas ?? doc.spec?.replicas ?? 1) + surge) * pool;
    }
    expect(connections).toBeGreaterThan(0);
    expect(connections).toBeLessThanOrEqual(maxConnections - headroom);
  });
});

describe('what the containers run', () => {
  const all = workspaces();
  const produced = all.flatMap((workspace) => [...bundleOutputs(workspace), ...serverBuildOutputs(workspace)]);

  it('starts files the builds produce', () => {
    for (const { container } of allContainers) {
      if (!container.command) continue;
      expect(container.command[0]).toBe('node');
      const file = container.command[1];
      const output = produced.find((entry) => entry.output === file);
      expect(`${container.name} runs ${file}: ${output !== undefined}`).toBe(`${container.name} runs ${file}: true`);
      expect(existsSync(join(repoRoot, output?.entry ?? 'missing'))).toBe(true);
    }
  });

  it('publishes every remote of the image', () => {
    const remotes = all.filter((w) => w.tags.includes('type:remote')).map((w) => w.dir);
    const args = containerNamed('publish-remotes').command ?? [];
    expect(args.slice(2, 3)).toEqual(['publish']);
    expect([...args.slice(3)].sort()).toEqual([...remotes].sort());
  });
});
