import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@listready/testing';
import { openTasksDueBetween } from '../calendar/dated-tasks.ts';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/**
 * Every scheduler tick asks which open tasks are due in the next day or two ("reminders come
 * due", `openTasksDueBetween`). Without an index on the due dates that is a sequential scan of
 * every journey task row and every custom task; the partial due-date indexes (migration 0010)
 * make it read only the dated rows of those days.
 */
describe('the reminder scheduler’s due-date query', () => {
  const database = useTestDatabase();

  beforeAll(async () => {
    // 300 sellers, each with every journey task and 4 custom tasks; one in ten dated.
    await database.current.db.execute(sql`
      insert into auth.users (id, email, password, first_name, last_name)
      select 'u' || n, 'seller' || n || '@example.com', 'x', 'Seller', n::text from generate_series(1, 300) n;
      insert into journey.clients (id, user_id) select 'c' || n, 'u' || n from generate_series(1, 300) n;
      insert into journey.client_tasks (id, client_id, task_id, due_date)
      select gen_random_uuid()::text, c.id, t.id,
             case when random() < 0.1 then date '2026-11-01' + (random() * 120)::int end
      from journey.clients c cross join journey.tasks t;
      insert into journey.custom_tasks (id, client_id, title, due_date)
      select gen_random_uuid()::text, c.id, 'Own task',
             case when random() < 0.1 then date '2026-11-01' + (random() * 120)::int end
      from journey.clients c cross join generate_series(1, 4);
      analyze journey.client_tasks;
      analyze journey.custom_tasks;
    `);
  });

  it('reads journey and custom tasks through their due-date indexes, not a sequential scan', async () => {
    const statements: { query: string; params: unknown[] }[] = [];
    const logged = drizzle(database.current.pool, {
      casing: 'snake_case',
      logger: { logQuery: (query, params) => statements.push({ query, params }) },
    });
    await openTasksDueBetween(logged, '2026-12-01', '2026-12-03');
    expect(statements).toHaveLength(2);

    const client = await database.current.pool.connect();
    const scans: PlanNode[] = [];
    try {
      // A table this small could be read either way; with sequential scans priced out, the
      // planner shows whether an index can answer the query at all.
      await client.query('set enable_seqscan = off');
      for (const { query, params } of statements) {
        const result = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          `explain (format json) ${query}`,
          params,
        );
        const plan = result.rows[0]?.['QUERY PLAN'][0].Plan;
        if (plan) scans.push(...nodesOf(plan));
      }
    } finally {
      await client.query('reset enable_seqscan');
      client.release();
    }
    const onTable = (table: string) => scans.filter((node) => node['Relation Name'] === table);
    for (const table of ['client_tasks', 'custom_tasks']) {
      expect(onTable(table).map((node) => node['Node Type'])).not.toContain('Seq Scan');
    }
    // A bitmap scan names its index on the Bitmap Index Scan node, the table on its parent.
    const indexes = scans.map((node) => node['Index Name']);
    expect(indexes).toContain('client_tasks_due_date_idx');
    expect(indexes).toContain('custom_tasks_due_date_idx');
  });
});
