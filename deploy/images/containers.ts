import { podman, run } from './podman.ts';

/**
 * The smoke test's containers: on the host network, read-only root file system with a tmpfs /tmp,
 * every capability dropped, no new privileges, as the image's own user (deploy/compose.yaml's
 * x-hardening). Each carries a label with the smoke run's pid, so a later run can remove what a
 * killed run left behind, and never anything of another run still going.
 */

export const SMOKE_LABEL = 'io.listready.smoke.pid';
const NAME_PREFIX = 'listready-smoke';

export interface ContainerOptions {
  /** Compose service name (the container is listready-smoke-<pid>-<service>). */
  service: string;
  image: string;
  environment?: Record<string, string>;
  /** host path → container path, read-only. */
  mounts?: Array<[string, string]>;
  command?: string[];
  entrypoint?: string[];
  /** Replaces the image's HEALTHCHECK command (nginx listening on another port than the image's). */
  healthCommand?: string;
}

export interface ContainerState {
  id: string;
  image: string;
  startedAt: string;
  running: boolean;
}

export class ContainerError extends Error {
  readonly code = 'CONTAINER_FAILED';
}

export function containerName(service: string): string {
  return `${NAME_PREFIX}-${process.pid}-${service}`;
}

/** The hardening flags of every smoke container (compose's x-hardening, on the host network). */
export const HARDENING = [
  '--network=host',
  '--read-only',
  '--tmpfs=/tmp',
  '--cap-drop=ALL',
  '--security-opt=no-new-privileges',
];

function runArguments(options: ContainerOptions, detached: boolean): string[] {
  return [
    'run',
    ...(detached ? ['--detach'] : ['--rm']),
    `--name=${containerName(options.service)}`,
    `--label=${SMOKE_LABEL}=${process.pid}`,
    ...HARDENING,
    ...Object.entries(options.environment ?? {}).map(([name, value]) => `--env=${name}=${value}`),
    ...(options.mounts ?? []).map(([host, container]) => `--volume=${host}:${container}:ro`),
    ...(options.healthCommand ? [`--health-cmd=${options.healthCommand}`] : []),
    ...(options.entrypoint ? [`--entrypoint=${JSON.stringify(options.entrypoint)}`] : []),
    options.image,
    ...(options.command ?? []),
  ];
}

/** Starts a container in the background; its name. */
export async function startContainer(options: ContainerOptions): Promise<string> {
  await podman(runArguments(options, true));
  return containerName(options.service);
}

/** Runs a one-shot container to its end (a job): its exit code and output. */
export async function runJob(options: ContainerOptions, timeoutMs = 300_000) {
  return run('podman', runArguments(options, false), { timeoutMs });
}

export async function containerState(name: string): Promise<ContainerState> {
  const [id = '', image = '', startedAt = '', running = ''] = (
    await podman([
      'inspect',
      '--type=container',
      '--format',
      '{{.Id}}|{{.Image}}|{{.State.StartedAt}}|{{.State.Running}}',
      name,
    ])
  ).split('|');
  return { id, image, startedAt, running: running === 'true' };
}

export async function containerLogs(name: string, lines = 40): Promise<string> {
  const result = await run('podman', ['logs', `--tail=${lines}`, name]);
  return `${result.stdout}${result.stderr}`.trim();
}

/** The image's HEALTHCHECK (or the replacement), run once: true when it passes. */
export async function healthCheckPasses(name: string): Promise<boolean> {
  return (await run('podman', ['healthcheck', 'run', name], { timeoutMs: 30_000 })).code === 0;
}

export interface SecurityFacts {
  uid: number;
  effectiveCapabilities: string;
  rootReadOnly: boolean;
  tmpWritable: boolean;
  addedCapabilities: string[];
}

/** What the kernel says of the container's main process and mounts, and what podman set. */
export async function securityFacts(name: string): Promise<SecurityFacts> {
  const status = await podman(['exec', name, 'cat', '/proc/1/status']);
  const mounts = (await podman(['exec', name, 'cat', '/proc/mounts'])).split('\n');
  const capAdd = await podman([
    'inspect',
    '--type=container',
    '--format',
    '{{json .HostConfig.CapAdd}}',
    name,
  ]);
  const field = (label: string) => new RegExp(`^${label}:\\s+(\\S+)`, 'm').exec(status)?.[1] ?? '';
  const options = (mountPoint: string) =>
    mounts
      .find((line) => line.split(' ')[1] === mountPoint)
      ?.split(' ')[3]
      ?.split(',') ?? [];
  return {
    uid: Number(field('Uid')),
    effectiveCapabilities: field('CapEff'),
    rootReadOnly: options('/').includes('ro'),
    tmpWritable: options('/tmp').includes('rw'),
    addedCapabilities: (JSON.parse(capAdd || '[]') as string[] | null) ?? [],
  };
}

export async function removeContainer(name: string): Promise<void> {
  await run('podman', ['rm', '--force', '--time=10', name]);
}

/** Removes the containers of this run, and those of earlier runs whose process is gone. */
export async function removeSmokeContainers(all: 'this run' | 'stale runs'): Promise<void> {
  const listed = await podman([
    'ps',
    '--all',
    `--filter=label=${SMOKE_LABEL}`,
    '--format',
    `{{.Names}} {{index .Labels "${SMOKE_LABEL}"}}`,
  ]);
  for (const line of listed.split('\n').filter(Boolean)) {
    const [name = '', pid = ''] = line.split(' ');
    const mine = pid === String(process.pid);
    const stale = !mine && !processAlive(Number(pid));
    if ((all === 'this run' && mine) || (all === 'stale runs' && stale)) await removeContainer(name);
  }
}

function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls a URL until it answers 200; the seconds it took from `since`, or an error naming the container. */
export async function waitForOk(
  url: string,
  container: string,
  since: number,
  timeoutMs = 180_000,
): Promise<number> {
  const deadline = since + timeoutMs;
  while (performance.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      if (response.status === 200) return (performance.now() - since) / 1000;
    } catch {
      // not listening yet
    }
    const state = await containerState(container).catch(() => undefined);
    if (state && !state.running) {
      throw new ContainerError(
        `${container} stopped before ${url} answered:\n${await containerLogs(container)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new ContainerError(
    `${url} did not answer 200 within ${timeoutMs / 1000} s:\n${await containerLogs(container)}`,
  );
}
