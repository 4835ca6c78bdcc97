import path from 'node:path';
import type { DbConfig } from './client.ts';

/**
 * The database settings from the environment (the one place libs/db reads it):
 * `DATABASE_URL` for a real server, unset (or blank) for the embedded one under `.data/postgres`.
 */
export function dbConfigFromEnv(env: NodeJS.ProcessEnv = process.env): DbConfig & { dataDir: string } {
  const databaseUrl = env.DATABASE_URL?.trim();
  return {
    databaseUrl: databaseUrl ? databaseUrl : undefined,
    dataDir: path.resolve('.data/postgres'),
  };
}

/** A connection string fit for logs: the password replaced by `***`. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable database url)';
  }
}
