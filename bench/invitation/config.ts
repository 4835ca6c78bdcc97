/** The invitation benchmark's settings, from the environment (the only place it is read). */
import { positiveSetting } from '../support/settings.ts';

export interface InvitationBenchConfig {
  /** Server to create the benchmark database on (user with CREATEDB). */
  adminUrl: string;
  seconds: number;
  connections: number;
  /** Agents the invitations come from, in turn (one agent's invitations take turns on its lock). */
  agents: number;
  /** The services' LOG_LEVEL (pino). */
  logLevel: string;
  /** Where the servers' logs go. */
  logDir: string;
}

export function invitationBenchConfig(
  env: Record<string, string | undefined> = process.env,
): InvitationBenchConfig {
  return {
    adminUrl: env.BENCH_DATABASE_URL ?? env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    seconds: positiveSetting(env.BENCH_SECONDS, 10),
    connections: positiveSetting(env.BENCH_CONNECTIONS, 50),
    agents: positiveSetting(env.BENCH_AGENTS, 50),
    logLevel: env.BENCH_LOG_LEVEL ?? 'warn',
    logDir: env.BENCH_LOG_DIR ?? env.TMPDIR ?? '/tmp',
  };
}
