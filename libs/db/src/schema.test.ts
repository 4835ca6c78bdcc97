import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@listready/testing';

const database = useTestDatabase();

/** Every table of the spec's data model (agent-and-platform.md §3), in its owning schema. */
const SPEC_TABLES: Record<string, string[]> = {
  auth: ['users', 'sessions', 'password_reset_tokens', 'agents'],
  journey: [
    'journey_stages',
    'tasks',
    'client_tasks',
    'client_progress',
    'custom_tasks',
    'clients',
    'properties',
    'user_groups',
    'user_group_memberships',
    'calendar_events',
  ],
  invitation: ['invitations'],
  branding: ['branding_configs'],
  analytics: ['analytics_events', 'analytics_sessions'],
};
const EVENT_TABLES = ['outbox', 'processed_events', 'dead_letters'];
/** Tables a service added for what the spec left open (see docs/decisions.md). */
const OUR_TABLES: Record<string, string[]> = {
  branding: ['logos'],
  // Calendar feeds and reminders (issue 19); deleted custom tasks' ids (decisions: offline).
  journey: ['calendar_feeds', 'deleted_custom_tasks', 'reminder_deliveries', 'sms_replies'],
};

async function tablesOf(schema: string): Promise<string[]> {
  const result = await database.current.pool.query<{ table_name: string }>(
    `select table_name from information_schema.tables
      where table_schema = $1 and table_type = 'BASE TABLE' order by table_name`,
    [schema],
  );
  return result.rows.map((row) => row.table_name);
}

describe('schema', () => {
  it.each(Object.entries(SPEC_TABLES))(
    'schema %s holds exactly its spec tables plus the event tables (and our own)',
    async (schema, tables) => {
      expect(await tablesOf(schema)).toEqual(
        [...tables, ...EVENT_TABLES, ...(OUR_TABLES[schema] ?? [])].sort(),
      );
    },
  );

  it('puts nothing of ours in public', async () => {
    expect(await tablesOf('public')).toEqual([]);
  });

  it('keeps the spec field names as snake_case columns', async () => {
    const result = await database.current.pool.query<{ column_name: string }>(
      `select column_name from information_schema.columns
        where table_schema = 'auth' and table_name = 'users' order by ordinal_position`,
    );
    expect(result.rows.map((row) => row.column_name)).toEqual([
      'id',
      'email',
      'password',
      'first_name',
      'last_name',
      'profile_image_url',
      'phone',
      'role',
      'preferred_contact',
      'timezone',
      'notification_preferences',
      'created_at',
      'updated_at',
    ]);
  });
});
