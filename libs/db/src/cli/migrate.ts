/**
 * `node libs/db/src/cli/migrate.ts` (from the repository root): applies the migrations and the
 * seed to DATABASE_URL, or to the embedded server under `.data/postgres` when it is unset, then
 * exits 0. The Helm migration Job runs it before the services roll out; running it again is a no-op.
 */
import { createDb } from '../client.ts';
import { dbConfigFromEnv, redactUrl } from '../config.ts';
import { startEmbeddedPostgres } from '../embedded.ts';
import { migrateAndSeed } from '../migrate.ts';

const say = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const config = dbConfigFromEnv();
  const database = await createDb({ ...config, poolMax: 2 });
  try {
    await migrateAndSeed(database);
    say(`migrated and seeded ${redactUrl(database.url)}`);
  } finally {
    await database.close();
    // The embedded server was started by createDb in this process: stop it so the process ends.
    if (database.embedded) await (await startEmbeddedPostgres(config.dataDir)).stop();
  }
}

try {
  await main();
  process.exit(0);
} catch (error) {
  process.stderr.write(
    `migration failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
}
