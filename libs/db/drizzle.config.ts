import { defineConfig } from 'drizzle-kit';

/** `npm run generate -w @listready/db` writes SQL migrations to ./drizzle; commit them. Never push. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/index.ts',
  out: './drizzle',
  casing: 'snake_case',
  schemaFilter: ['auth', 'journey', 'invitation', 'branding', 'analytics', 'dev'],
  strict: true,
  verbose: true,
});
