import { execFile, spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * podman for the image scripts: Debian's podman with runc and no default ulimits
 * (deploy/images/containers.conf, unless CONTAINERS_CONF names another file).
 */

export const imagesDir = path.dirname(fileURLToPath(import.meta.url));

export class PodmanError extends Error {
  readonly code = 'PODMAN_FAILED';
}

export function podmanEnvironment(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    CONTAINERS_CONF: process.env.CONTAINERS_CONF ?? path.join(imagesDir, 'containers.conf'),
  };
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end; never throws for a non-zero exit (see `podman` for that). */
export function run(
  command: string,
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<RunResult> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      {
        env: options.env ?? podmanEnvironment(),
        maxBuffer: 64 * 1024 * 1024,
        timeout: options.timeoutMs ?? 0,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout: stdout.toString(), stderr: stderr.toString() || (error?.message ?? '') });
      },
    );
  });
}

/** `podman <args>`: its output, or a PodmanError with what it said. */
export async function podman(args: readonly string[], options: { timeoutMs?: number } = {}): Promise<string> {
  const result = await run('podman', args, options);
  if (result.code !== 0) {
    throw new PodmanError(`podman ${args.join(' ')} exited ${result.code}:\n${result.stderr.trim()}`);
  }
  return result.stdout.trim();
}

/** Runs a command with its output in a log file; resolves with the exit code. */
export function runLogged(
  command: string,
  args: readonly string[],
  logFile: string,
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<number> {
  return new Promise((resolve) => {
    const log = createWriteStream(logFile);
    log.write(`$ ${command} ${args.join(' ')}\n`);
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? podmanEnvironment(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('error', (error) => {
      log.end(`\n${error.message}\n`);
      resolve(127);
    });
    child.on('close', (code) => {
      log.end();
      resolve(code ?? 1);
    });
  });
}

export async function podmanAvailable(): Promise<boolean> {
  return (await run('podman', ['--version'])).code === 0;
}

export async function imageExists(reference: string): Promise<boolean> {
  return (await run('podman', ['image', 'exists', reference])).code === 0;
}

/** Size in bytes of an image in local storage (all its layers, base included). */
export async function imageSize(reference: string): Promise<number> {
  return Number(await podman(['image', 'inspect', '--format', '{{.Size}}', reference]));
}

/** Debian's bundle of the machine's trusted CAs (what `update-ca-certificates` writes). */
const SYSTEM_CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';

/**
 * The CA bundle builds pass to npm as the `ca-certificates` secret (a TLS-inspecting proxy's CA
 * among them): LISTREADY_BUILD_CA, else NODE_EXTRA_CA_CERTS, else the system's bundle.
 */
export function buildCaBundle(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return [env.LISTREADY_BUILD_CA, env.NODE_EXTRA_CA_CERTS, SYSTEM_CA_BUNDLE].find(
    (file): file is string => Boolean(file) && existsSync(file as string),
  );
}

export const megabytes = (bytes: number): string => `${(bytes / 1_000_000).toFixed(0)} MB`;
