import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { renderChart } from '../../charts/src/render.ts';
import { buildPaths, loadCompose, repoRoot, type ComposeFile, type ComposeService } from '../compose.ts';

/**
 * The platform's images, read from deploy/compose.yaml's `build:` sections (which a test keeps equal
 * to what the Helm chart deploys), named the way the chart names them: `<registry>/<repository>:<tag>`
 * with the registry of values.yaml's global.image.registry and the chart's appVersion as tag. No list
 * is kept here: a service added to compose and the chart is built, run and smoke-tested too.
 */

export type ImageKind = 'node' | 'static';

export interface ImageSpec {
  /** The repository name the chart and compose use: gateway, auth, jobs, shell, mfe-seller… */
  name: string;
  kind: ImageKind;
  /** The compose services that run this image (the jobs image runs migrate and kafka-topics). */
  services: string[];
  dockerfile: string;
  /** `<Dockerfile>.dockerignore`, passed explicitly (podman build does not look for it). */
  ignorefile: string;
  context: string;
  target: string | undefined;
  buildArgs: Record<string, string>;
}

export interface ImageNaming {
  registry: string;
  tag: string;
}

const chartDir = path.join(repoRoot, 'charts', 'listready');

/** Image name without registry and tag: ghcr.io/listready/auth:1.0 → auth. */
export function repositoryOf(image: string): string {
  const last = image.split('/').at(-1) ?? '';
  return last.split(':')[0] ?? '';
}

/** The compose file's images, in compose order, one entry per image however many services run it. */
export function imageCatalog(compose: ComposeFile = loadCompose()): ImageSpec[] {
  const byName = new Map<string, ImageSpec>();
  for (const [service, definition] of Object.entries(compose.services)) {
    const build = definition.build;
    if (!build) continue;
    if (!definition.image) throw new Error(`compose service ${service} builds an image but names none`);
    const name = repositoryOf(definition.image);
    const known = byName.get(name);
    if (known) {
      if (
        JSON.stringify(known.buildArgs) !== JSON.stringify(build.args ?? {}) ||
        known.target !== build.target
      )
        throw new Error(`compose services ${known.services[0]} and ${service} build ${name} differently`);
      known.services.push(service);
      continue;
    }
    const { context, dockerfile } = buildPaths(build);
    byName.set(name, {
      name,
      kind: /\/static\/Dockerfile$/.test(dockerfile) ? 'static' : 'node',
      services: [service],
      dockerfile,
      ignorefile: `${dockerfile}.dockerignore`,
      context,
      target: build.target,
      buildArgs: { ...(build.args ?? {}) },
    });
  }
  return [...byName.values()];
}

/** The chart's defaults: values.yaml global.image.registry, Chart.yaml appVersion. */
export function chartImageNaming(): ImageNaming {
  const values = parse(readFileSync(path.join(chartDir, 'values.yaml'), 'utf8')) as {
    global: { image: { registry: string; tag: string } };
  };
  const chart = parse(readFileSync(path.join(chartDir, 'Chart.yaml'), 'utf8')) as { appVersion: string };
  return { registry: values.global.image.registry, tag: values.global.image.tag || String(chart.appVersion) };
}

/** LISTREADY_REGISTRY and LISTREADY_TAG when set (as compose reads them), else the chart's defaults. */
export function imageNaming(env: Record<string, string | undefined> = process.env): ImageNaming {
  const chart = chartImageNaming();
  return {
    registry: env.LISTREADY_REGISTRY?.trim() || chart.registry,
    tag: env.LISTREADY_TAG?.trim() || chart.tag,
  };
}

/** Every image `helm template` renders into Deployments and Jobs (hooks included), for these names. */
export function chartImages(naming: ImageNaming): string[] {
  const objects = renderChart({
    set: { 'global.image.registry': naming.registry, 'global.image.tag': naming.tag },
  });
  const images = objects
    .filter((object) => object.kind === 'Deployment' || object.kind === 'Job')
    .flatMap((object) => {
      const spec = object.spec as { template: { spec: { containers: Array<{ image: string }> } } };
      return spec.template.spec.containers.map((container) => container.image);
    });
  return [...new Set(images)].sort();
}

export function imageReference(name: string, naming: ImageNaming): string {
  return naming.registry ? `${naming.registry}/${name}:${naming.tag}` : `${name}:${naming.tag}`;
}

/**
 * `${NAME}`, `${NAME:-default}` and `${NAME-default}` in a compose value, as Docker Compose
 * interpolates them from the environment.
 */
export function interpolate(value: string, env: Record<string, string | undefined>): string {
  return value.replace(
    /\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?-)([^}]*))?\}/g,
    (_match, name: string, operator: string | undefined, fallback: string | undefined) => {
      const set = env[name];
      if (operator === ':-') return set ? set : (fallback ?? '');
      if (operator === '-') return set ?? fallback ?? '';
      return set ?? '';
    },
  );
}

/** A compose service's environment with the values interpolated (null and numbers as Compose sends them). */
export function serviceEnvironment(
  service: ComposeService,
  env: Record<string, string | undefined>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([name, value]) => [
      name,
      interpolate(value === null ? '' : String(value), env),
    ]),
  );
}
