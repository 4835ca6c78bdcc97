import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { IDeployment } from 'kubernetes-models/apps/v1';
import type { IJob } from 'kubernetes-models/batch/v1';
import type { IIngress, INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import type { IContainer, IPodSpec, IService } from 'kubernetes-models/v1';
import { beforeAll, describe, expect, it } from 'vitest';
import { REMOTE_NAMES, remotesConfigSchema } from '@listready/contracts';
import { VISITOR_LOADER_CSP_SOURCE } from '@listready/contracts/visitor-pages';
import { GATEWAY_NODE_OPTIONS } from '@listready/service-kit/gateway-heap';
import { chartDir, repoRoot, runHelm } from './helm.ts';
import { validateKubernetesObject } from './kubernetes-schemas.ts';
import {
  componentOf,
  defaultValues,
  deployedComponents,
  PRODUCTION_VALUES,
  renderChart,
  type KubernetesObject,
  type RenderOptions,
} from './render.ts';

interface ComponentValues {
  enabled: boolean;
  url?: string;
}
interface ChartValues {
  services: Record<string, ComponentValues>;
  remotes: Record<string, ComponentValues>;
  secretEnv: Record<string, { secretName: string; key?: string; optional?: boolean }>;
}

const values = defaultValues() as unknown as ChartValues;

/** Every optional part switched on: all services and remotes, autoscaling, network policies. */
const EVERYTHING: RenderOptions = {
  set: {
    ...Object.fromEntries(Object.keys(values.services).map((name) => [`services.${name}.enabled`, 'true'])),
    ...Object.fromEntries(Object.keys(values.remotes).map((name) => [`remotes.${name}.enabled`, 'true'])),
    'gateway.autoscaling.enabled': 'true',
    'services.auth.autoscaling.enabled': 'true',
    'services.auth.autoscaling.targetMemoryUtilizationPercentage': '80',
    'networkPolicies.enabled': 'true',
    'ingress.tls.enabled': 'true',
    'ingress.tls.secretName': 'listready-tls',
  },
};

const RENDERINGS: ReadonlyArray<[string, RenderOptions]> = [
  ['default values', {}],
  ['values-production.yaml', { valuesFiles: [PRODUCTION_VALUES] }],
  ['every component and option enabled', EVERYTHING],
];

const rendered = new Map<string, KubernetesObject[]>();
beforeAll(() => {
  for (const [name, options] of RENDERINGS) rendered.set(name, renderChart(options));
});
function objectsOf(rendering: string): KubernetesObject[] {
  const objects = rendered.get(rendering);
  if (!objects) throw new Error(`not rendered: ${rendering}`);
  return objects;
}

function ofKind<T>(objects: readonly KubernetesObject[], kind: string): Array<KubernetesObject & T> {
  return objects.filter((object) => object.kind === kind) as Array<KubernetesObject & T>;
}

function find<T>(objects: readonly KubernetesObject[], kind: string, name: string): KubernetesObject & T {
  const object = ofKind<T>(objects, kind).find((candidate) => candidate.metadata.name === name);
  if (!object) throw new Error(`${kind}/${name} not rendered`);
  return object;
}

/** Every pod the chart can start: Deployments, hook Jobs, the helm test pod. */
function podSpecs(objects: readonly KubernetesObject[]): Array<{ owner: string; spec: IPodSpec }> {
  return objects.flatMap((object) => {
    const owner = `${object.kind}/${object.metadata.name}`;
    if (object.kind === 'Deployment' || object.kind === 'Job') {
      const spec = (object as unknown as IDeployment | IJob).spec?.template.spec;
      return spec ? [{ owner, spec }] : [];
    }
    if (object.kind === 'Pod') return [{ owner, spec: object.spec as IPodSpec }];
    return [];
  });
}

function containersOf(spec: IPodSpec): IContainer[] {
  return [...spec.containers, ...(spec.initContainers ?? [])];
}

function remotesJson(objects: readonly KubernetesObject[]): Record<string, string> {
  const configMap = find<{ data: Record<string, string> }>(objects, 'ConfigMap', 'listready-remotes');
  return JSON.parse(configMap.data['remotes.json'] ?? 'null') as Record<string, string>;
}

describe('helm lint --strict', () => {
  it.each([
    ['default values', []],
    ['values-production.yaml', ['--values', PRODUCTION_VALUES]],
  ])('passes with %s', (_name, extraArgs) => {
    const result = runHelm(['lint', '--strict', chartDir, ...extraArgs]);
    expect(result.stdout + result.stderr).toContain('0 chart(s) failed');
    expect(result.status).toBe(0);
  });
});

describe.each(RENDERINGS.map(([name]) => name))('rendered with %s', (rendering) => {
  it('produces only objects that validate against the Kubernetes schemas', () => {
    const objects = objectsOf(rendering);
    expect(objects.length).toBeGreaterThan(10);
    for (const object of objects) expect(() => validateKubernetesObject(object)).not.toThrow();
  });

  it('runs no container as root, with privileges, or on a writable root file system', () => {
    for (const { owner, spec } of podSpecs(objectsOf(rendering))) {
      expect(spec.securityContext?.runAsNonRoot, owner).toBe(true);
      expect(spec.securityContext?.runAsUser, owner).toBeGreaterThan(0);
      expect(spec.securityContext?.seccompProfile?.type, owner).toBe('RuntimeDefault');
      expect(spec.automountServiceAccountToken, owner).toBe(false);
      expect(spec.hostNetwork ?? false, owner).toBe(false);
      for (const container of containersOf(spec)) {
        const where = `${owner} container ${container.name}`;
        const security = container.securityContext;
        expect(security?.runAsNonRoot, where).toBe(true);
        expect(security?.runAsUser ?? spec.securityContext?.runAsUser, where).not.toBe(0);
        expect(security?.allowPrivilegeEscalation, where).toBe(false);
        expect(security?.privileged ?? false, where).toBe(false);
        expect(security?.readOnlyRootFilesystem, where).toBe(true);
        expect(security?.capabilities?.drop, where).toContain('ALL');
        expect(security?.capabilities?.add ?? [], where).toEqual([]);
      }
    }
  });

  it('gives every container CPU and memory requests and limits', () => {
    for (const { owner, spec } of podSpecs(objectsOf(rendering))) {
      for (const container of containersOf(spec)) {
        const where = `${owner} container ${container.name}`;
        expect(container.resources?.limits?.cpu, where).toBeTruthy();
        expect(container.resources?.limits?.memory, where).toBeTruthy();
        expect(container.resources?.requests?.cpu, where).toBeTruthy();
        expect(container.resources?.requests?.memory, where).toBeTruthy();
      }
    }
  });

  it('gives every long-running container a writable /tmp from an emptyDir and nothing else writable', () => {
    for (const { owner, spec } of podSpecs(objectsOf(rendering)).filter(
      (pod) => !pod.owner.startsWith('Pod/'),
    )) {
      const emptyDirs = new Set(
        (spec.volumes ?? []).filter((volume) => volume.emptyDir).map((volume) => volume.name),
      );
      for (const container of spec.containers) {
        const writable = (container.volumeMounts ?? []).filter((mount) => !mount.readOnly);
        expect(
          writable.map((mount) => mount.mountPath),
          owner,
        ).toEqual(['/tmp']);
        expect(emptyDirs.has(writable[0]?.name ?? ''), owner).toBe(true);
      }
    }
  });

  it('gives every Deployment a liveness probe on /healthz and a readiness probe on /readyz', () => {
    const deployments = ofKind<IDeployment>(objectsOf(rendering), 'Deployment');
    expect(deployments.length).toBeGreaterThan(0);
    for (const deployment of deployments) {
      for (const container of deployment.spec?.template.spec?.containers ?? []) {
        const where = `${deployment.metadata.name}/${container.name}`;
        expect(container.livenessProbe?.httpGet?.path, where).toBe('/healthz');
        expect(container.readinessProbe?.httpGet?.path, where).toBe('/readyz');
        expect(container.livenessProbe?.httpGet?.port, where).toBe('http');
        expect(
          container.ports?.map((port) => port.name),
          where,
        ).toContain('http');
      }
    }
  });

  it('renders no Secret and reads every secret variable from a Secret reference', () => {
    const objects = objectsOf(rendering);
    expect(objects.filter((object) => object.kind === 'Secret')).toEqual([]);
    const secretNames = Object.keys(values.secretEnv);
    for (const { owner, spec } of podSpecs(objects)) {
      for (const container of containersOf(spec)) {
        for (const variable of container.env ?? []) {
          const where = `${owner} ${variable.name}`;
          if (secretNames.includes(variable.name) || /SECRET|TOKEN|PASSWORD/.test(variable.name)) {
            expect(variable.value, where).toBeUndefined();
            expect(variable.valueFrom?.secretKeyRef?.name, where).toBeTruthy();
          }
        }
      }
    }
  });

  it('requires the engine Secrets, and in production the mail and SMS ones too', () => {
    const required = ['DATABASE_URL', 'REDIS_URL', 'KAFKA_BROKERS', 'SESSION_SECRET'];
    if (rendering === 'values-production.yaml') required.push('GOOGLE_CLIENT_SECRET', 'TWILIO_AUTH_TOKEN');
    const references = podSpecs(objectsOf(rendering)).flatMap(({ spec }) =>
      containersOf(spec).flatMap((container) => container.env ?? []),
    );
    for (const name of required) {
      const found = references.filter((variable) => variable.name === name);
      expect(found.length, name).toBeGreaterThan(0);
      for (const variable of found) expect(variable.valueFrom?.secretKeyRef?.optional, name).toBe(false);
    }
  });

  it('selects each Service, autoscaler and disruption budget onto a rendered Deployment', () => {
    const objects = objectsOf(rendering);
    const deployments = ofKind<IDeployment>(objects, 'Deployment');
    const podLabelsOf = (name: string) =>
      deployments.find((deployment) => deployment.metadata.name === name)?.spec?.template.metadata?.labels ??
      {};
    const matches = (selector: Record<string, string>, labels: Record<string, string>) =>
      Object.entries(selector).every(([key, value]) => labels[key] === value);

    for (const service of ofKind<IService>(objects, 'Service')) {
      const selector = service.spec?.selector ?? {};
      const selected = deployments.filter((deployment) =>
        matches(selector, deployment.spec?.template.metadata?.labels ?? {}),
      );
      expect(
        selected.map((deployment) => deployment.metadata.name),
        service.metadata.name,
      ).toEqual([service.metadata.name]);
    }
    for (const autoscaler of ofKind<{ spec: { scaleTargetRef: { name: string } } }>(
      objects,
      'HorizontalPodAutoscaler',
    )) {
      const target = deployments.find(
        (deployment) => deployment.metadata.name === autoscaler.spec.scaleTargetRef.name,
      );
      expect(target, autoscaler.metadata.name).toBeDefined();
      // The autoscaler owns the replica count: a fixed one would fight it on every upgrade.
      expect(target?.spec?.replicas, autoscaler.metadata.name).toBeUndefined();
    }
    for (const budget of ofKind<{ spec: { selector: { matchLabels: Record<string, string> } } }>(
      objects,
      'PodDisruptionBudget',
    )) {
      expect(
        matches(budget.spec.selector.matchLabels, podLabelsOf(budget.metadata.name)),
        budget.metadata.name,
      ).toBe(true);
    }
  });

  it('routes /api to the gateway, each remote under /remotes/<name> and the rest to the shell', () => {
    const objects = objectsOf(rendering);
    const ingress = ofKind<IIngress>(objects, 'Ingress')[0];
    const services = new Set(ofKind<IService>(objects, 'Service').map((service) => service.metadata.name));
    const paths = Object.fromEntries(
      (ingress?.spec?.rules?.[0]?.http?.paths ?? []).map((route) => [
        route.path,
        route.backend.service?.name,
      ]),
    );
    expect(paths['/api']).toBe('listready-gateway');
    expect(paths['/']).toBe('listready-shell');
    for (const remote of deployedComponents(objects).filter((name) => name.startsWith('mfe-'))) {
      expect(paths[`/remotes/${remote}`]).toBe(`listready-${remote}`);
    }
    for (const backend of Object.values(paths)) expect(services.has(String(backend))).toBe(true);
  });

  it('points the gateway at every enabled service, with the variables gateway/src/config.ts reads', () => {
    const objects = objectsOf(rendering);
    const gatewayConfig = readFileSync(path.join(repoRoot, 'gateway/src/config.ts'), 'utf8');
    const gateway = find<IDeployment>(objects, 'Deployment', 'listready-gateway');
    const env = gateway.spec?.template.spec?.containers[0]?.env ?? [];
    const serviceUrls = env.filter((variable) => variable.name.endsWith('_SERVICE_URL'));
    const services = deployedComponents(objects).filter((name) => name in values.services);
    expect(serviceUrls.map((variable) => variable.name).sort()).toEqual(
      services.map((name) => `${name.toUpperCase()}_SERVICE_URL`).sort(),
    );
    for (const variable of serviceUrls) {
      expect(gatewayConfig).toContain(`${variable.name}:`);
      const serviceName = new URL(String(variable.value)).hostname;
      expect(find<IService>(objects, 'Service', serviceName).metadata.name).toBe(serviceName);
    }
  });

  it('names the gateway "gateway" for telemetry: untraced with nowhere to export (instrument.ts)', () => {
    const gateway = find<IDeployment>(objectsOf(rendering), 'Deployment', 'listready-gateway');
    const env = gateway.spec?.template.spec?.containers[0]?.env ?? [];
    expect(env.find((variable) => variable.name === 'OTEL_SERVICE_NAME')?.value).toBe('gateway');
  });

  it('gives the gateway the young generation it is measured with (libs/service-kit/src/gateway-heap.ts)', () => {
    const gateway = find<IDeployment>(objectsOf(rendering), 'Deployment', 'listready-gateway');
    const env = gateway.spec?.template.spec?.containers[0]?.env ?? [];
    expect(env.find((variable) => variable.name === 'NODE_OPTIONS')?.value).toBe(GATEWAY_NODE_OPTIONS);
  });

  it('runs migrations and topic creation as pre-install/pre-upgrade hooks, with scripts that exist', () => {
    const jobs = ofKind<IJob>(objectsOf(rendering), 'Job');
    expect(jobs.map(componentOf).sort()).toEqual(['kafka-topics', 'migrate']);
    for (const job of jobs) {
      expect(job.metadata.annotations?.['helm.sh/hook']).toBe('pre-install,pre-upgrade');
      const command = job.spec?.template.spec?.containers[0]?.command ?? [];
      expect(command[0]).toBe('node');
      expect(existsSync(path.join(repoRoot, command[1] ?? '')), command.join(' ')).toBe(true);
    }
    const migrate = jobs.find((job) => componentOf(job) === 'migrate');
    expect(migrate?.spec?.template.spec?.containers[0]?.command).toEqual([
      'node',
      'libs/db/src/cli/migrate.ts',
    ]);
    // Migrations run before the topics, and both before the Deployments (hooks precede the release).
    expect(Number(migrate?.metadata.annotations?.['helm.sh/hook-weight'])).toBeLessThan(
      Number(
        jobs.find((job) => componentOf(job) === 'kafka-topics')?.metadata.annotations?.[
          'helm.sh/hook-weight'
        ],
      ),
    );
  });

  it('has a helm test that calls the gateway /api/health', () => {
    const tests = objectsOf(rendering).filter(
      (object) => object.metadata.annotations?.['helm.sh/hook'] === 'test',
    );
    expect(tests).toHaveLength(1);
    const command = (tests[0]?.spec as IPodSpec).containers[0]?.command ?? [];
    expect(command.slice(0, 2)).toEqual(['node', 'deploy/node/healthcheck.ts']);
    expect(existsSync(path.join(repoRoot, 'deploy/node/healthcheck.ts'))).toBe(true);
    expect(command[2]).toBe('http://listready-gateway/api/health');
  });

  it('publishes a Grafana dashboard ConfigMap labelled for the sidecar', () => {
    const configMap = find<{ data: Record<string, string> }>(
      objectsOf(rendering),
      'ConfigMap',
      'listready-dashboards',
    );
    expect(configMap.metadata.labels?.grafana_dashboard).toBe('1');
    const dashboard = JSON.parse(configMap.data['listready.json'] ?? '') as { uid: string };
    expect(dashboard.uid).toBe('listready-platform');
  });
});

describe('rolling one remote', () => {
  function byIdentity(objects: readonly KubernetesObject[]): Map<string, string> {
    return new Map(
      objects.map((object) => [`${object.kind}/${object.metadata.name}`, JSON.stringify(object)]),
    );
  }
  function changedObjects(before: readonly KubernetesObject[], after: readonly KubernetesObject[]): string[] {
    const old = byIdentity(before);
    const current = byIdentity(after);
    expect([...current.keys()].sort()).toEqual([...old.keys()].sort());
    return [...current.keys()].filter((identity) => current.get(identity) !== old.get(identity)).sort();
  }

  it.each([
    ['default values', {}],
    ['values-production.yaml', { valuesFiles: [PRODUCTION_VALUES] }],
  ])(
    'with %s, remotes.seller.image.tag changes only the seller Deployment and remotes.json',
    (_name, options: RenderOptions) => {
      const before = renderChart(options);
      const after = renderChart({ ...options, set: { 'remotes.seller.image.tag': '9.9.9-rc.1' } });
      expect(changedObjects(before, after)).toEqual([
        'ConfigMap/listready-remotes',
        'Deployment/listready-mfe-seller',
      ]);

      const seller = find<IDeployment>(after, 'Deployment', 'listready-mfe-seller');
      expect(seller.spec?.template.spec?.containers[0]?.image).toMatch(/\/mfe-seller:9\.9\.9-rc\.1$/);
      const urls = remotesJson(after);
      expect(urls['mfe-seller']).toBe('/remotes/mfe-seller/mf-manifest.json?v=9.9.9-rc.1');
      expect(urls['mfe-agent']).toBe(remotesJson(before)['mfe-agent']);
    },
  );

  it('serves a remote hosted elsewhere from its own URL, and lets the shell load from that origin', () => {
    const objects = objectsOf('values-production.yaml');
    expect(remotesJson(objects)['mfe-analytics']).toMatch(
      /^https:\/\/cdn\.listready\.example\.com\/.+\/mf-manifest\.json$/,
    );
    expect(deployedComponents(objects)).not.toContain('mfe-analytics');
    const csp = find<{ data: Record<string, string> }>(objects, 'ConfigMap', 'listready-shell-csp').data;
    expect(csp['content-security-policy.conf']).toContain(
      `script-src 'self' https://cdn.listready.example.com ${VISITOR_LOADER_CSP_SOURCE};`,
    );
  });

  it('renders the same Content-Security-Policy as the shell image ships when every remote is same-origin', () => {
    const csp = find<{ data: Record<string, string> }>(
      objectsOf('default values'),
      'ConfigMap',
      'listready-shell-csp',
    );
    const imageDefault = readFileSync(
      path.join(repoRoot, 'deploy/static/content-security-policy.conf'),
      'utf8',
    )
      .split('\n')
      .filter((line) => line.startsWith('add_header'))
      .join('\n');
    expect(csp.data['content-security-policy.conf']?.trim()).toBe(imageDefault);
  });
});

describe('values.schema.json', () => {
  it.each([
    [
      'a plain value for a secret variable',
      { set: { 'services.auth.env.SESSION_SECRET': 'hunter2' } },
      'SESSION_SECRET',
    ],
    ['a container without limits', { set: { 'gateway.resources.limits': 'null' } }, 'limits'],
    ['a root user', { set: { 'security.runAsUser.static': '0' } }, 'runAsUser'],
    ['a typo in a component block', { set: { 'services.auth.replica': '3' } }, 'replica'],
  ])('refuses %s', (_name, options: RenderOptions, mentioned) => {
    expect(() => renderChart(options)).toThrow(mentioned);
  });
});

describe('network policies', () => {
  it('let only the ingress controller reach the edge and only the gateway reach the services', () => {
    const objects = objectsOf('every component and option enabled');
    const policies = ofKind<INetworkPolicy>(objects, 'NetworkPolicy');
    const defaultDeny = policies.find((policy) => policy.metadata.name === 'listready-default-deny');
    expect(defaultDeny?.spec?.ingress).toBeUndefined();
    expect(defaultDeny?.spec?.policyTypes).toEqual(['Ingress']);
    for (const component of deployedComponents(objects)) {
      const policy = policies.find((candidate) => candidate.metadata.name === `listready-${component}`);
      const sources = policy?.spec?.ingress?.[0]?.from ?? [];
      if (component in values.services) {
        expect(sources, component).toEqual([
          {
            podSelector: {
              matchLabels: expect.objectContaining({ 'app.kubernetes.io/component': 'gateway' }),
            },
          },
        ]);
      } else {
        expect(sources[0]?.namespaceSelector?.matchLabels, component).toEqual({
          'kubernetes.io/metadata.name': 'ingress-nginx',
        });
      }
    }
  });
});

describe('deploys what exists in the repository, and all of it', () => {
  const folderOf = (component: string): string =>
    component in values.services ? `services/${component}` : component;
  const hasPackage = (folder: string) => existsSync(path.join(repoRoot, folder, 'package.json'));

  it('enables a component only when its source folder exists', () => {
    const enabled = deployedComponents(objectsOf('default values'));
    expect(enabled).toEqual(expect.arrayContaining(['gateway', 'shell']));
    for (const component of enabled) expect(hasPackage(folderOf(component)), folderOf(component)).toBe(true);
  });

  it('enables every service and remote that exists in the repository', () => {
    const enabled = deployedComponents(objectsOf('default values'));
    const services = readdirSync(path.join(repoRoot, 'services')).filter((name) =>
      hasPackage(`services/${name}`),
    );
    const remotes = readdirSync(repoRoot).filter((name) => name.startsWith('mfe-') && hasPackage(name));
    for (const service of services) {
      expect(values.services[service], `services/${service} has no block in values.yaml`).toBeDefined();
      expect(enabled, `services/${service} exists: set services.${service}.enabled=true`).toContain(service);
    }
    for (const remote of remotes) expect(enabled, `${remote} exists but is not deployed`).toContain(remote);
  });

  it("names exactly the contracts' remotes, each with its folder, in a remotes.json the shell accepts", () => {
    const declared = [...REMOTE_NAMES].sort();
    expect(
      Object.keys(values.remotes)
        .map((key) => `mfe-${key}`)
        .sort(),
    ).toEqual(declared);
    const published = remotesJson(objectsOf('default values'));
    expect(remotesConfigSchema.strict().parse(published)).toEqual(published);
    expect(Object.keys(published).sort()).toEqual(declared);
    for (const remote of REMOTE_NAMES) expect(hasPackage(remote), `${remote} has no package.json`).toBe(true);
  });
});

describe('the Grafana dashboard', () => {
  interface Panel {
    type: string;
    title: string;
    targets?: Array<{ expr: string }>;
  }
  const dashboard = JSON.parse(readFileSync(path.join(chartDir, 'dashboards/listready.json'), 'utf8')) as {
    panels: Panel[];
  };
  const expressionsOf = (title: string) =>
    dashboard.panels.find((panel) => panel.title === title)?.targets?.map((target) => target.expr) ?? [];

  /** Prometheus' default OTLP translation: dots to underscores, a unit suffix, `{annotations}` dropped. */
  function prometheusName(name: string, unit: string): string {
    const suffix: Record<string, string> = { ms: '_milliseconds', s: '_seconds' };
    return `${name.replace(/\./g, '_')}${suffix[unit] ?? ''}`;
  }

  it('charts every event gauge libs/events exports, under its Prometheus name', () => {
    const source = readFileSync(path.join(repoRoot, 'libs/events/src/metrics.ts'), 'utf8');
    const gauges = [...source.matchAll(/createObservableGauge\('([^']+)',\s*\{[^}]*unit: '([^']+)'/g)].map(
      ([, name, unit]) => prometheusName(name ?? '', unit ?? ''),
    );
    expect(gauges).toEqual([
      'listready_events_outbox_unpublished',
      'listready_events_outbox_oldest_age_milliseconds',
      'listready_events_consumer_lag',
    ]);
    const all = dashboard.panels
      .flatMap((panel) => (panel.targets ?? []).map((target) => target.expr))
      .join('\n');
    for (const gauge of gauges) expect(all).toContain(gauge);
    expect(expressionsOf('Relay backlog').join()).toContain('listready_events_outbox_unpublished');
    expect(expressionsOf('Consumer lag').join()).toContain('listready_events_consumer_lag');
  });

  it('shows request rate, 5xx error rate and latency per service from the HTTP server duration histogram', () => {
    expect(expressionsOf('Request rate').join()).toMatch(
      /sum by \(job\) \(rate\(http_server_request_duration_seconds_count/,
    );
    expect(expressionsOf('Error rate (5xx share)').join()).toContain('http_response_status_code=~"5.."');
    expect(expressionsOf('Latency p95').join()).toMatch(
      /histogram_quantile\(0\.95, sum by \(job, le\) \(rate\(http_server_request_duration_seconds_bucket/,
    );
  });
});
