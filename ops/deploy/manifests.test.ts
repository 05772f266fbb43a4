/**
 * The deployment files, checked as far as they can be without a cluster or a container engine:
 * the Kubernetes objects (base, and the production overlay as kustomize builds it) against
 * Kubernetes' schemas (kubernetes-models), the monitoring objects against the Prometheus
 * Operator's, compose.yaml against the compose specification's own JSON schema, and the variables
 * every process is given against those the server reads (api/config.ts) and the README lists.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Ajv } from 'ajv';
import { type IContainer } from 'kubernetes-models/v1/Container';
import { type IPodSpec } from 'kubernetes-models/v1/PodSpec';
import { ConfigMap, Namespace, PersistentVolumeClaim, Service, type IConfigMap, type IService } from 'kubernetes-models/v1';
import { Deployment, type IDeployment } from 'kubernetes-models/apps/v1';
import { CronJob, Job, type ICronJob, type IJob } from 'kubernetes-models/batch/v1';
import { Ingress, type IIngress } from 'kubernetes-models/networking.k8s.io/v1';
import { HorizontalPodAutoscaler, type IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { PodDisruptionBudget, type IPodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { PodMonitor, PrometheusRule, type IPrometheusRule } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';
import { Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { parse, parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../../api/config';
import { registerJobMetrics } from '../../api/jobs/metrics';
import { registerLedgerMetrics } from '../../api/ledger/metrics';
import { registerMarketMetrics } from '../../api/market/metrics';
import { createMetrics } from '../../api/middleware/metrics';
import { SERVER_NODE_FLAGS } from '../serverFlags';

const deployDir = import.meta.dirname;
const root = path.resolve(deployDir, '../..');
const read = (file: string) => readFileSync(path.join(deployDir, file), 'utf8');

/**
 * Variables no deployment sets, on purpose: only the embedded PostgreSQL (EMBEDDED_PG_PORT) and
 * the simulated Steam (SIM_TRADE_ACCEPT_MS, SEED_LISTINGS: the demo seed) read them, and a
 * deployment runs live on DATABASE_URL.
 */
const NOT_DEPLOYED = ['EMBEDDED_PG_PORT', 'SIM_TRADE_ACCEPT_MS', 'SEED_LISTINGS'];
const DEPLOYED = CONFIG_VARIABLES.filter((name) => !NOT_DEPLOYED.includes(name)).sort();

/** The server's secrets, one list for compose (skinmarket.env) and Kubernetes (the Secret). */
function secretNames(): string[] {
  const lines = read('skinmarket.env.example')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'));
  for (const line of lines) expect(line, 'the example names a secret and holds no value').toMatch(/^[A-Z][A-Z0-9_]*=$/);
  return lines.map((line) => line.slice(0, -1));
}

// ---- Kubernetes ----

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [field: string]: unknown;
}

const MODELS = [ConfigMap, Namespace, PersistentVolumeClaim, Service, Deployment, Job, CronJob, Ingress, HorizontalPodAutoscaler, PodDisruptionBudget, PodMonitor, PrometheusRule];
// Each model's constructor takes its own kind's fields; here they are called with parsed YAML.
const modelFor = new Map<string, new (data: unknown) => { validate(): void }>(MODELS.map((model) => [`${model.apiVersion}/${model.kind}`, model as never]));

/** Validates against the kind's schema; a kind without a model here fails (add it to MODELS). */
function validateObject(object: K8sObject): void {
  const Model = modelFor.get(`${object.apiVersion}/${object.kind}`);
  if (!Model) throw new Error(`no schema known for ${object.apiVersion} ${object.kind} (${object.metadata.name})`);
  try {
    new Model(object).validate();
  } catch (error) {
    throw new Error(`${object.kind} ${object.metadata.name}: ${(error as Error).message}`);
  }
}

function readDocuments(file: string): K8sObject[] {
  return parseAllDocuments(readFileSync(file, 'utf8')).map((document) => {
    if (document.errors.length) throw new Error(`${file}: ${document.errors[0]!.message}`);
    return document.toJS() as K8sObject;
  });
}

interface Kustomization {
  namespace?: string;
  resources: string[];
  labels?: Array<{ pairs: Record<string, string> }>;
  images?: Array<{ name: string; newName?: string; newTag?: string }>;
  replicas?: Array<{ name: string; count: number }>;
  patches?: Array<{ path: string }>;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const isMap = (value: Json | undefined): value is { [key: string]: Json } => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNamed = (value: Json): value is { name: string; [key: string]: Json } => isMap(value) && typeof value.name === 'string';

/**
 * A strategic merge patch as far as the overlay's patches need it: maps merge, lists whose items
 * all have a name (containers, env) merge by name, any other list is replaced.
 */
function mergePatch(base: Json, patch: Json): Json {
  if (isMap(base) && isMap(patch)) {
    const merged = { ...base };
    for (const [key, value] of Object.entries(patch)) merged[key] = key in base ? mergePatch(base[key]!, value) : value;
    return merged;
  }
  if (Array.isArray(base) && Array.isArray(patch) && base.every(isNamed) && patch.every(isNamed)) {
    const merged = base.map((item) => {
      const change = patch.find((candidate) => candidate.name === item.name);
      return change ? mergePatch(item, change) : item;
    });
    return [...merged, ...patch.filter((item) => !base.some((candidate) => candidate.name === item.name))];
  }
  return patch;
}

function podSpecOf(object: K8sObject): IPodSpec | undefined {
  if (object.kind === 'Deployment') return (object as unknown as IDeployment).spec?.template.spec;
  if (object.kind === 'Job') return (object as unknown as IJob).spec?.template.spec;
  if (object.kind === 'CronJob') return (object as unknown as ICronJob).spec?.jobTemplate.spec?.template.spec;
  return undefined;
}

/** What `kubectl apply -k DIR` would send, for the kustomize fields these files use. */
function kustomize(dir: string): K8sObject[] {
  const kustomization = parse(readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8')) as Kustomization;
  const listed = new Set(['kustomization.yaml', ...kustomization.resources, ...(kustomization.patches ?? []).map((patch) => patch.path)]);
  const unlisted = readdirSync(dir).filter((entry) => entry.endsWith('.yaml') && !listed.has(entry));
  expect(unlisted, `files in ${path.relative(root, dir)} the kustomization does not use`).toEqual([]);

  let objects = kustomization.resources.flatMap((resource) => {
    const full = path.join(dir, resource);
    return statSync(full).isDirectory() ? kustomize(full) : readDocuments(full);
  });
  for (const { path: patchFile } of kustomization.patches ?? []) {
    const patches = readDocuments(path.join(dir, patchFile));
    expect(patches, `${patchFile}: kustomize takes one patch per file`).toHaveLength(1);
    const patch = patches[0]!;
    const index = objects.findIndex((object) => object.kind === patch.kind && object.metadata.name === patch.metadata.name);
    if (index < 0) throw new Error(`${patchFile} patches ${patch.kind} ${patch.metadata.name}, which the resources do not have`);
    objects[index] = mergePatch(objects[index] as unknown as Json, patch as unknown as Json) as unknown as K8sObject;
  }
  for (const { name, count } of kustomization.replicas ?? []) {
    const target = objects.find((object) => object.kind === 'Deployment' && object.metadata.name === name) as unknown as IDeployment | undefined;
    if (!target?.spec) throw new Error(`replicas for ${name}, which is no Deployment here`);
    target.spec.replicas = count;
  }
  for (const image of kustomization.images ?? []) {
    let used = false;
    for (const object of objects) {
      for (const container of podSpecOf(object)?.containers ?? []) {
        if (container.image !== image.name) continue;
        container.image = `${image.newName ?? image.name}${image.newTag ? `:${image.newTag}` : ''}`;
        used = true;
      }
    }
    expect(used, `the image ${image.name} is used`).toBe(true);
  }
  for (const { pairs } of kustomization.labels ?? []) {
    for (const object of objects) object.metadata.labels = { ...object.metadata.labels, ...pairs };
  }
  if (kustomization.namespace) {
    const namespace = kustomization.namespace;
    objects = objects.map((object) => (object.kind === 'Namespace' ? object : { ...object, metadata: { ...object.metadata, namespace } }));
  }
  return objects;
}

const ofKind = <T>(objects: K8sObject[], kind: string) => objects.filter((object) => object.kind === kind) as unknown as T[];

/** The variables a container is given: its env entries and the keys of the ConfigMaps it takes whole. */
function variablesOf(container: IContainer, objects: K8sObject[]): { all: string[]; secrets: string[] } {
  const fromConfigMaps = (container.envFrom ?? []).flatMap((source) => {
    expect(source.secretRef, 'secrets are named one by one (secretKeyRef), so a missing one stops the pod').toBeUndefined();
    const configMap = ofKind<IConfigMap>(objects, 'ConfigMap').find((candidate) => candidate.metadata?.name === source.configMapRef?.name);
    if (!configMap) throw new Error(`${container.name} takes the ConfigMap ${source.configMapRef?.name}, which is not there`);
    return Object.keys(configMap.data ?? {});
  });
  const env = container.env ?? [];
  for (const entry of env) {
    const secret = entry.valueFrom?.secretKeyRef;
    if (secret) expect({ name: secret.name, key: secret.key }, `${container.name}'s ${entry.name}`).toEqual({ name: 'skinmarket-secrets', key: entry.name });
  }
  const all = [...fromConfigMaps, ...env.map((entry) => entry.name)];
  expect(all.length, `${container.name} is given each variable once`).toBe(new Set(all).size);
  return { all: all.sort(), secrets: env.filter((entry) => entry.valueFrom?.secretKeyRef).map((entry) => entry.name).sort() };
}

function checkObjects(objects: K8sObject[]): void {
  for (const object of objects) validateObject(object);
  const names = objects.map((object) => `${object.kind}/${object.metadata.name}`);
  expect(names.length, 'no two objects share a kind and name').toBe(new Set(names).size);

  const workloads = objects.filter((object) => podSpecOf(object));
  expect(workloads.map((object) => `${object.kind}/${object.metadata.name}`).sort()).toEqual(['CronJob/backup', 'Deployment/web', 'Deployment/worker', 'Job/migrate']);
  for (const workload of workloads) {
    const pod = podSpecOf(workload)!;
    expect(pod.securityContext?.runAsNonRoot, `${workload.metadata.name} runs as a user`).toBe(true);
    for (const container of pod.containers) {
      expect(container.securityContext?.readOnlyRootFilesystem, `${workload.metadata.name}: read-only root`).toBe(true);
      expect(container.securityContext?.allowPrivilegeEscalation, `${workload.metadata.name}: no privilege escalation`).toBe(false);
      // The backup runs PostgreSQL's own image with the database's URL alone (checked below).
      if (workload.metadata.name === 'backup') continue;
      const { all, secrets } = variablesOf(container, objects);
      expect(all, `the variables ${workload.kind} ${workload.metadata.name} is given`).toEqual(DEPLOYED);
      expect(secrets, `the secrets ${workload.metadata.name} takes from skinmarket-secrets`).toEqual(secretNames().sort());
    }
  }

  // pg_dump refuses a server newer than itself: the backup's image is at least the PostgreSQL that
  // compose runs (the version the product is built for).
  const [backup, ...otherBackupContainers] = podSpecOf(workloads.find((workload) => workload.metadata.name === 'backup')!)!.containers;
  expect(otherBackupContainers).toEqual([]);
  const postgresImage = composeFile().services.postgres?.image ?? '';
  const majorOf = (image: string) => Number(/^postgres:(\d+)/.exec(image)?.[1]);
  expect(majorOf(backup!.image ?? ''), `the backup's image ${backup!.image}`).toBeGreaterThanOrEqual(majorOf(postgresImage));
  expect(backup!.envFrom ?? []).toEqual([]);
  expect(backup!.env).toEqual([{ name: 'DATABASE_URL', valueFrom: { secretKeyRef: { name: 'skinmarket-secrets', key: 'DATABASE_URL' } } }]);

  const deployments = ofKind<IDeployment>(objects, 'Deployment');
  const podLabelsOf = (name: string) => deployments.find((deployment) => deployment.metadata?.name === name)?.spec?.template.metadata?.labels ?? {};
  const selects = (selector: Record<string, string> | undefined, name: string) =>
    !!selector && Object.entries(selector).every(([key, value]) => podLabelsOf(name)[key] === value);

  const web = deployments.find((deployment) => deployment.metadata?.name === 'web')!;
  const webPod = web.spec!.template.spec!;
  const webContainer = webPod.containers[0]!;
  expect(webContainer.readinessProbe?.httpGet?.path).toBe('/readyz');
  expect(webContainer.livenessProbe?.httpGet?.path).toBe('/healthz');
  const pause = Number(webContainer.lifecycle?.preStop?.exec?.command?.at(-1));
  expect(pause, 'a pause before SIGTERM while the endpoint leaves the load balancer').toBeGreaterThan(0);
  // The server drains for at most 10 s and a statement runs at most 15 s (api/server.ts, api/db/dataSource.ts).
  expect(webPod.terminationGracePeriodSeconds).toBeGreaterThan(pause + 15);
  const worker = deployments.find((deployment) => deployment.metadata?.name === 'worker')!;
  expect(worker.spec?.replicas, 'the bot holder and a standby').toBe(2);

  for (const service of ofKind<IService>(objects, 'Service')) {
    expect(selects(service.spec?.selector, 'web'), `Service ${service.metadata?.name} selects the web pods`).toBe(true);
    expect(selects(service.spec?.selector, 'worker'), 'no Service reaches the workers').toBe(false);
  }
  const serviceNames = ofKind<IService>(objects, 'Service').map((service) => service.metadata?.name);
  for (const ingress of ofKind<IIngress>(objects, 'Ingress')) {
    for (const rule of ingress.spec?.rules ?? []) {
      for (const { backend } of rule.http?.paths ?? []) expect(serviceNames, `Ingress ${ingress.metadata?.name}'s backend`).toContain(backend.service?.name);
    }
  }
  const webIngress = ofKind<IIngress>(objects, 'Ingress').find((ingress) => ingress.metadata?.name === 'web')!;
  expect(webIngress.metadata?.annotations).toMatchObject({
    'nginx.ingress.kubernetes.io/proxy-buffering': 'off',
    'nginx.ingress.kubernetes.io/proxy-read-timeout': '3600',
  });
  expect(webIngress.metadata?.annotations?.['nginx.ingress.kubernetes.io/proxy-next-upstream'] ?? '').not.toContain('non_idempotent');

  const [hpa] = ofKind<IHorizontalPodAutoscaler>(objects, 'HorizontalPodAutoscaler');
  expect(hpa?.spec?.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' });
  expect(web.spec?.replicas, 'an apply never scales web below the autoscaler').toBeGreaterThanOrEqual(hpa?.spec?.minReplicas ?? 1);
  const budgets = ofKind<IPodDisruptionBudget>(objects, 'PodDisruptionBudget');
  for (const name of ['web', 'worker']) {
    expect(budgets.filter((budget) => selects(budget.spec?.selector?.matchLabels, name)), `a PodDisruptionBudget for ${name}`).toHaveLength(1);
  }
}

describe('the Kubernetes manifests', () => {
  const base = path.join(deployDir, 'k8s/base');
  const production = path.join(deployDir, 'k8s/overlays/production');

  it('base: every object validates and the workloads get every variable the server reads', () => {
    checkObjects(kustomize(base));
  });

  it('production overlay: the objects kustomize builds validate, in the namespace, with the image tag', () => {
    const objects = kustomize(production);
    checkObjects(objects);
    expect(objects.filter((object) => object.kind !== 'Namespace' && object.metadata.namespace !== 'skinmarket')).toEqual([]);
    const images = objects.filter((object) => object.metadata.name !== 'backup').flatMap((object) => podSpecOf(object)?.containers.map((container) => container.image) ?? []);
    expect(new Set(images)).toEqual(new Set(['registry.example.com/skinmarket:0.1.0']));
    const config = ofKind<IConfigMap>(objects, 'ConfigMap')[0]!.data!;
    expect(config.PUBLIC_URL).toMatch(/^https:\/\//);
    const [ingress] = ofKind<IIngress>(objects, 'Ingress');
    expect(ingress!.spec?.rules?.[0]?.host, "the Ingress serves PUBLIC_URL's host").toBe(new URL(config.PUBLIC_URL!).host);
  });

  it('every patch of the overlay is a valid object of its kind where it is whole', () => {
    const kustomization = parse(read('k8s/overlays/production/kustomization.yaml')) as Kustomization;
    const whole = new Set(['ConfigMap', 'Ingress']);
    for (const { path: patchFile } of kustomization.patches ?? []) {
      for (const patch of readDocuments(path.join(production, patchFile))) if (whole.has(patch.kind)) validateObject(patch);
    }
  });
});

describe('the monitoring objects', () => {
  it('alerts.yaml is a valid PrometheusRule, podmonitor.yaml a valid PodMonitor', () => {
    const [rule, ...more] = readDocuments(path.join(deployDir, 'alerts.yaml'));
    expect(more).toEqual([]);
    expect(rule!.kind).toBe('PrometheusRule');
    validateObject(rule!);
    const [monitor] = readDocuments(path.join(deployDir, 'podmonitor.yaml'));
    expect(monitor!.kind).toBe('PodMonitor');
    validateObject(monitor!);
  });

  it('the alerts watch metrics the server exports', () => {
    const registry = new Registry();
    // Registering reads nothing: the database is only asked when Prometheus scrapes.
    const unused = new DataSource({ type: 'postgres' });
    registerMarketMetrics(registry, unused);
    registerJobMetrics(registry, unused);
    registerLedgerMetrics(registry, unused);
    const exported = new Set([...(registry.getMetricsAsArray().map((metric) => metric.name)), ...createMetrics().registry.getMetricsAsArray().map((metric) => metric.name)]);

    const rule = readDocuments(path.join(deployDir, 'alerts.yaml'))[0] as unknown as IPrometheusRule;
    const rules = rule.spec.groups?.flatMap((group) => group.rules ?? []) ?? [];
    expect(rules.map((alert) => alert.alert).sort()).toEqual([
      'SkinMarketHighErrorRate',
      'SkinMarketHoldsOverdue',
      'SkinMarketJobBacklog',
      'SkinMarketLedgerImbalance',
      'SkinMarketTradeBotOffline',
    ]);
    for (const alert of rules) {
      const watched = String(alert.expr).match(/\b(skinmarket|http)_[a-z_]+\b/g) ?? [];
      expect(watched.length, `${alert.alert} watches a metric`).toBeGreaterThan(0);
      for (const metric of watched) expect(exported, `${alert.alert}: ${metric}`).toContain(metric);
    }
  });
});

// ---- compose ----

interface ComposeService {
  image?: string;
  environment?: Record<string, string | number | boolean | null>;
  env_file?: Array<{ path: string; required?: boolean }>;
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
}

const composeFile = () => parse(read('compose.yaml'), { merge: true }) as { services: Record<string, ComposeService> };

describe('compose.yaml', () => {
  it("validates against the compose specification's schema", () => {
    // The compose-spec project's own schema (Apache-2.0), as the dclint package ships it.
    const require = createRequire(import.meta.url);
    const schemaFile = path.join(path.dirname(require.resolve('dclint/package.json')), 'schemas/compose.schema.json');
    const { $schema: _draft, ...schema } = JSON.parse(readFileSync(schemaFile, 'utf8')) as Record<string, unknown>;
    const validate = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true }).compile(schema);
    const valid = validate(composeFile());
    expect(validate.errors ?? [], 'schema errors').toEqual([]);
    expect(valid).toBe(true);
  });

  it('gives every process of the image every variable the server reads, the secrets from skinmarket.env only', () => {
    const { services } = composeFile();
    const app = Object.entries(services).filter(([, service]) => service.image?.startsWith('skinmarket:'));
    expect(app.map(([name]) => name).sort()).toEqual(['migrate', 'web-1', 'web-2', 'worker-1', 'worker-2']);
    const secrets = secretNames();
    for (const [name, service] of app) {
      expect(service.env_file, `${name} reads the secrets file`).toEqual([{ path: 'skinmarket.env', required: true }]);
      const inline = Object.keys(service.environment ?? {});
      expect(inline.filter((variable) => secrets.includes(variable)), `${name}: no secret written inline`).toEqual([]);
      expect([...inline, ...secrets].sort(), `the variables ${name} is given`).toEqual(DEPLOYED);
    }
    for (const name of ['web-1', 'web-2']) expect(services[name]!.environment?.ROLE).toBe('web');
    for (const name of ['worker-1', 'worker-2']) expect(services[name]!.environment?.ROLE).toBe('worker');
    for (const [name, service] of app.filter(([name]) => name !== 'migrate')) {
      expect(service.depends_on?.migrate, `${name} starts after the migration`).toEqual({ condition: 'service_completed_successfully' });
    }
  });

  it('puts nginx in front of the web services with the config rendered from the template', () => {
    const { services } = composeFile();
    expect(services.nginx?.volumes).toContain('./nginx/compose.conf:/etc/nginx/conf.d/default.conf:ro');
    const upstreams = [...read('nginx/compose.conf').matchAll(/^\s*server ([\w.-]+):8080( max_fails=0)?;$/gm)].map((match) => match[1]);
    expect(upstreams.sort()).toEqual(Object.keys(services).filter((name) => name.startsWith('web-')).sort());
  });
});

describe("the README's environment table", () => {
  it('lists exactly the variables the server reads', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const section = readme.split(/^## /m).find((part) => part.startsWith('Environment variables'));
    expect(section, 'README.md has a section "Environment variables"').toBeDefined();
    const listed = section!
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!));
    expect(listed.sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it('names only variables the server reads as not deployed', () => {
    for (const name of NOT_DEPLOYED) expect(CONFIG_VARIABLES).toContain(name);
  });
});

describe('how the server is started', () => {
  it('with the heap ceiling of ops/serverFlags.ts, by npm start, npm run serve and the image', () => {
    const scripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    for (const name of ['start', 'serve']) expect(scripts[name]!.split(' ').slice(1, 1 + SERVER_NODE_FLAGS.length), `npm run ${name}`).toEqual(SERVER_NODE_FLAGS);
    const cmd = /^CMD (\[.*\])$/m.exec(read('Dockerfile'))![1]!;
    const command = JSON.parse(cmd) as string[];
    expect(command.at(-1)).toBe('dist/server/main.js');
    expect(command.slice(0, -1)).toEqual(expect.arrayContaining(SERVER_NODE_FLAGS));
  });
});
