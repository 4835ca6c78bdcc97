import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from '../compose.ts';
import type { BaseImages } from './bases.ts';
import { imageReference, type ImageNaming, type ImageSpec } from './catalog.ts';
import { buildCaBundle, imageSize, runLogged } from './podman.ts';

export interface BuildOptions {
  naming: ImageNaming;
  bases: BaseImages;
  /** Another copy of the repository to build from (the Dockerfiles at the same paths in it). */
  context?: string;
  /** Where each build's output goes (one .log per image). */
  logDir?: string;
}

export interface BuiltImage {
  spec: ImageSpec;
  reference: string;
  bytes: number;
  seconds: number;
  log: string;
}

export class BuildError extends Error {
  readonly code = 'IMAGE_BUILD_FAILED';
}

export const defaultLogDir = () => path.join(tmpdir(), 'listready-images');

/**
 * The `podman build` arguments of one image (docker format: OCI images drop HEALTHCHECK). No
 * --label: buildah adds labels to every stage, so a label per image would defeat the shared stages.
 */
export function buildArguments(spec: ImageSpec, reference: string, options: BuildOptions): string[] {
  const context = options.context ?? spec.context;
  const inContext = (file: string) => path.join(context, path.relative(spec.context, file));
  const ca = buildCaBundle();
  const buildArgs = {
    ...spec.buildArgs,
    NODE_IMAGE: options.bases.NODE_IMAGE,
    ...(spec.kind === 'static' ? { NGINX_IMAGE: options.bases.NGINX_IMAGE } : {}),
  };
  return [
    'build',
    '--pull=never',
    '--network=host',
    '--format=docker',
    '--layers',
    `--file=${inContext(spec.dockerfile)}`,
    `--ignorefile=${inContext(spec.ignorefile)}`,
    ...(spec.target ? [`--target=${spec.target}`] : []),
    ...Object.entries(buildArgs).map(([name, value]) => `--build-arg=${name}=${value}`),
    ...(ca ? [`--secret=id=ca-certificates,src=${ca}`] : []),
    `--tag=${reference}`,
    context,
  ];
}

export async function buildImage(spec: ImageSpec, options: BuildOptions): Promise<BuiltImage> {
  const reference = imageReference(spec.name, options.naming);
  const logDir = options.logDir ?? defaultLogDir();
  mkdirSync(logDir, { recursive: true });
  const log = path.join(logDir, `${spec.name}.log`);
  const started = performance.now();
  const code = await runLogged('podman', buildArguments(spec, reference, options), log, { cwd: repoRoot });
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) {
    const tail = readFileSync(log, 'utf8').split('\n').slice(-40).join('\n');
    throw new BuildError(`building ${reference} failed (exit ${code}); the end of ${log}:\n${tail}`);
  }
  return { spec, reference, bytes: await imageSize(reference), seconds, log };
}

/**
 * Builds every image, two at a time (this is a 2-core machine). The first Node image and the first
 * static image go first, side by side: each fills its Dockerfile's shared stages (manifests,
 * dependencies), which every later build of the same kind then takes from the layer cache.
 */
export async function buildImages(
  specs: readonly ImageSpec[],
  options: BuildOptions & { parallel?: number; onBuilt?: (image: BuiltImage) => void },
): Promise<BuiltImage[]> {
  const built = new Map<ImageSpec, BuiltImage>();
  const failures: Error[] = [];
  const pool = async (queue: ImageSpec[], workers: number) => {
    const worker = async () => {
      for (let spec = queue.shift(); spec && failures.length === 0; spec = queue.shift()) {
        try {
          const image = await buildImage(spec, options);
          built.set(spec, image);
          options.onBuilt?.(image);
        } catch (error) {
          failures.push(error as Error);
        }
      }
    };
    await Promise.all(Array.from({ length: workers }, worker));
  };
  const parallel = options.parallel ?? 2;
  const firsts = (['node', 'static'] as const).flatMap(
    (kind) => specs.find((spec) => spec.kind === kind) ?? [],
  );
  await pool([...firsts], parallel);
  await pool(
    specs.filter((spec) => !firsts.includes(spec)),
    parallel,
  );
  if (failures.length > 0) throw new BuildError(failures.map((failure) => failure.message).join('\n\n'));
  return specs.map((spec) => built.get(spec) as BuiltImage);
}
