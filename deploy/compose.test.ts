import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REMOTE_NAMES } from '@listready/contracts';
import { GATEWAY_NODE_OPTIONS } from '@listready/service-kit/gateway-heap';
import { deployedComponents, hookJobComponents, renderChart } from '../charts/src/render.ts';
import { deployDir, loadCompose, type ComposeService } from './compose.ts';

/** What compose runs besides the platform's own images: the engines, and the edge standing in for the Ingress. */
const ENGINES = ['edge', 'kafka', 'postgres', 'redis'];

const compose = loadCompose();
const services = compose.services;
const platform = Object.keys(services)
  .filter((name) => !ENGINES.includes(name))
  .sort();

const chart = renderChart();
const chartComponents = deployedComponents(chart);
const chartImages = new Map(
  chart
    .filter((object) => object.kind === 'Deployment' || object.kind === 'Job')
    .map((object) => {
      const spec = object.spec as { template: { spec: { containers: Array<{ image: string }> } } };
      return [
        object.metadata.labels?.['app.kubernetes.io/component'] ?? '',
        spec.template.spec.containers[0]?.image ?? '',
      ];
    }),
);

/** Image name without registry and tag: ghcr.io/listready/auth:1.0 → auth. */
const repositoryOf = (image: string) => image.split('/').at(-1)?.split(':')[0];

describe('deploy/compose.yaml', () => {
  it('parses, with a service for every component the chart deploys and nothing else of ours', () => {
    expect(compose.name).toBe('listready');
    expect(platform).toEqual([...chartComponents, ...hookJobComponents(chart)].sort());
  });

  it('runs the same images as the chart', () => {
    for (const name of platform) {
      expect(repositoryOf(services[name]?.image ?? ''), name).toBe(repositoryOf(chartImages.get(name) ?? ''));
    }
  });

  it('runs the engines the platform is built for: PostgreSQL 17, Redis 7, Apache Kafka in KRaft mode', () => {
    expect(services.postgres?.image).toBe('postgres:17-alpine');
    expect(services.redis?.image).toBe('redis:7-alpine');
    expect(services.kafka?.image).toBe('apache/kafka:3.9.1');
    expect(services.kafka?.environment?.KAFKA_PROCESS_ROLES).toBe('broker,controller');
    for (const engine of ['postgres', 'redis', 'kafka'])
      expect(services[engine]?.healthcheck?.test, engine).toBeDefined();
  });

  it('starts in a health-checked order: engines, then setup jobs, then services, then the gateway', () => {
    const conditions = (service: ComposeService | undefined) =>
      Object.fromEntries(
        Object.entries(service?.depends_on ?? {}).map(([name, { condition }]) => [name, condition]),
      );
    for (const [name, service] of Object.entries(services)) {
      for (const [dependency, condition] of Object.entries(conditions(service))) {
        expect(['service_healthy', 'service_completed_successfully'], `${name} → ${dependency}`).toContain(
          condition,
        );
        expect(services[dependency], `${name} depends on unknown ${dependency}`).toBeDefined();
      }
    }
    expect(conditions(services.migrate)).toEqual({ postgres: 'service_healthy' });
    expect(conditions(services['kafka-topics'])).toEqual({ kafka: 'service_healthy' });
    const backendServices = chartComponents.filter((name) =>
      services[name]?.build?.args?.COMPONENT?.startsWith('services/'),
    );
    expect(backendServices.length).toBeGreaterThan(0);
    for (const name of backendServices) {
      expect(conditions(services[name]), name).toMatchObject({
        migrate: 'service_completed_successfully',
        'kafka-topics': 'service_completed_successfully',
      });
      expect(conditions(services.gateway)[name], `gateway waits for ${name}`).toBe('service_healthy');
      expect(services.gateway?.environment?.[`${name.toUpperCase()}_SERVICE_URL`]).toBe(
        `http://${name}:8080`,
      );
    }
    // The gateway's young generation, as the chart sets it (libs/service-kit/src/gateway-heap.ts).
    expect(services.gateway?.environment?.NODE_OPTIONS).toBe(GATEWAY_NODE_OPTIONS);
    for (const name of chartComponents)
      expect(conditions(services.edge)[name] ?? 'not needed', name).toMatch(/service_healthy|not needed/);
    expect(conditions(services.edge)).toMatchObject({ gateway: 'service_healthy', shell: 'service_healthy' });
  });

  it('runs the platform read-only, without capabilities, with a writable /tmp', () => {
    for (const name of [...platform, 'edge']) {
      expect(services[name]?.read_only, name).toBe(true);
      expect(services[name]?.cap_drop, name).toEqual(['ALL']);
      expect(services[name]?.tmpfs, name).toEqual(['/tmp']);
    }
  });

  it("has the edge route as the Ingress does: /api → gateway, each remote's folder → it, the rest → shell", () => {
    const edge = readFileSync(path.join(deployDir, 'compose/edge.nginx.conf'), 'utf8');
    const upstream = (location: string) =>
      new RegExp(`location ${location.replaceAll('/', '\\/')} \\{\\s*proxy_pass http://([a-z-]+):8080;`).exec(
        edge,
      )?.[1];
    expect(upstream('/api')).toBe('gateway');
    expect(upstream('/')).toBe('shell');
    for (const remote of REMOTE_NAMES) expect(upstream(`/remotes/${remote}/`), remote).toBe(remote);
  });
});
