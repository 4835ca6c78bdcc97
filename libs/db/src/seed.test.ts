import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@listready/testing';
import { JOURNEY_STAGES, JOURNEY_TASKS } from './seed/journey-content.ts';
import { seed } from './seed/seed.ts';
import { clientProgress, clients, clientTasks, journeyStages, tasks, users } from './schema/index.ts';

const database = useTestDatabase();

async function seededTasks() {
  return database.current.db.select().from(tasks).orderBy(asc(tasks.stageId), asc(tasks.orderIndex));
}

async function tasksOf(stageId: string) {
  return (await seededTasks()).filter((task) => task.stageId === stageId);
}

describe('seeded journey content', () => {
  it('has the 8 stages in order, only Ready to Show!! outside progress', async () => {
    const stages = await database.current.db
      .select()
      .from(journeyStages)
      .orderBy(asc(journeyStages.orderIndex));
    expect(stages.map((stage) => [stage.orderIndex, stage.id, stage.name])).toEqual([
      [1, 'initial-assessment', 'Initial Assessment'],
      [2, 'declutter', 'Declutter'],
      [3, 'repairs-maintenance', 'Repairs & Maintenance'],
      [4, 'home-staging', 'Home Staging'],
      [5, 'marketing-photography', 'Marketing & Photography'],
      [6, 'ready-to-show', 'Ready to Show!!'],
      [7, 'go-live-and-show', 'Go Live and Show'],
      [8, 'contract-to-closing', 'Contract to Closing $$'],
    ]);
    expect(stages.filter((stage) => stage.excludedFromProgress).map((stage) => stage.slug)).toEqual([
      'ready-to-show',
    ]);
    for (const stage of stages) {
      expect(stage.slug).toBe(stage.id);
      expect(stage.pointsValue).toBe(100);
      expect(stage.icon).toMatch(/^[A-Z][A-Za-z]+$/);
      expect(stage.estimatedDays).toBeGreaterThan(0);
    }
  });

  it('has every predefined task of the spec with its priority, in order', async () => {
    const priorities = async (stageId: string) => {
      const list = await tasksOf(stageId);
      expect(list.every((task) => task.kind === 'predefined')).toBe(true);
      return list.map((task) => task.priority);
    };
    // seller-and-accounts.md §3, "Built-in predefined tasks", in the spec's order.
    expect(await priorities('declutter')).toEqual([
      'medium',
      'medium',
      'medium',
      'medium',
      'high',
      'high',
      'medium',
      'low',
    ]);
    expect(await priorities('repairs-maintenance')).toEqual([
      'high',
      'medium',
      'medium',
      'high',
      'medium',
      'high',
      'medium',
      'low',
      'high',
    ]);
    expect(await priorities('home-staging')).toEqual(['high', 'medium', 'medium', 'low']);
    expect(await priorities('marketing-photography')).toEqual([
      'high',
      'high',
      'medium',
      'high',
      'medium',
      'high',
    ]);
  });

  it('counts (stage, priority) for the predefined tasks', async () => {
    const counts: Record<string, number> = {};
    for (const task of await seededTasks()) {
      if (task.kind !== 'predefined') continue;
      const key = `${task.stageId}/${task.priority}`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    expect(counts).toEqual({
      'declutter/high': 2,
      'declutter/medium': 5,
      'declutter/low': 1,
      'repairs-maintenance/high': 4,
      'repairs-maintenance/medium': 4,
      'repairs-maintenance/low': 1,
      'home-staging/high': 1,
      'home-staging/medium': 2,
      'home-staging/low': 1,
      'marketing-photography/high': 4,
      'marketing-photography/medium': 2,
    });
  });

  it('names the tasks for people', async () => {
    const titles = new Map((await seededTasks()).map((task) => [task.id, task.title]));
    expect(titles.get('declutter-1')).toBe('Depersonalize the walls');
    expect(titles.get('declutter-6')).toBe('Clear the kitchen counters');
    expect(titles.get('repairs-maintenance-1')).toBe('Touch up paint');
    expect(titles.get('repairs-maintenance-9')).toBe('Deep clean the house or hire a cleaning service');
    expect(titles.get('home-staging-4')).toBe('Add a sense of fun');
    expect(titles.get('marketing-photography-4')).toBe('Schedule the photographer');
    for (const task of await seededTasks()) {
      expect(task.description?.length ?? 0).toBeGreaterThan(20);
      expect(task.estimatedHours).toBeGreaterThan(0);
      expect(task.slug).toBe(task.id);
    }
  });

  it('has the 15 Initial Assessment areas as a checklist', async () => {
    const areas = await tasksOf('initial-assessment');
    expect(areas.every((task) => task.kind === 'checklist')).toBe(true);
    expect(areas.map((task) => task.title)).toEqual([
      'Curb Appeal',
      'Home exterior',
      'Backyard',
      'Garage',
      'Entryway',
      'Livingroom',
      'Kitchen',
      'Dining room',
      'Guest bedrooms',
      'Guest bath',
      'Master bedroom and bath',
      'Family room',
      'Office',
      'Exercise room',
      'Additional rooms or areas',
    ]);
  });

  it('has the 7 Ready to Show!! items as a checklist', async () => {
    const items = await tasksOf('ready-to-show');
    expect(items.every((task) => task.kind === 'checklist')).toBe(true);
    expect(items.map((task) => task.title)).toEqual([
      'Turn on the lights',
      'Open the shades',
      'Light a candle or scent pot',
      'Put toys away',
      'Clear personal items in baths and beds',
      'Pet cleanup',
      'Empty the waste baskets',
    ]);
  });

  it('has 5 to 7 standard tasks for Go Live and Show and for Contract to Closing $$', async () => {
    for (const stageId of ['go-live-and-show', 'contract-to-closing']) {
      const list = await tasksOf(stageId);
      expect(list.length).toBeGreaterThanOrEqual(5);
      expect(list.length).toBeLessThanOrEqual(7);
      expect(list.every((task) => task.kind === 'standard')).toBe(true);
    }
  });

  it('stores exactly the exported content', async () => {
    const rows = await seededTasks();
    expect(rows).toHaveLength(JOURNEY_TASKS.length);
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const task of JOURNEY_TASKS) expect(byId.get(task.id)).toMatchObject(task);
    const stages = await database.current.db.select().from(journeyStages);
    expect(stages).toHaveLength(JOURNEY_STAGES.length);
  });
});

describe('sellers’ journey rows', () => {
  it('the seed gives every seller without rows a clients row, a task per template and a progress row per stage, once', async () => {
    const { db } = database.current;
    const [seller] = await db
      .insert(users)
      .values({
        email: `backfill-${crypto.randomUUID()}@example.com`,
        password: 'x',
        firstName: 'B',
        lastName: 'F',
        phone: '555-0101',
        role: 'client',
      })
      .returning();
    const [agent] = await db
      .insert(users)
      .values({
        email: `agent-${crypto.randomUUID()}@example.com`,
        password: 'x',
        firstName: 'A',
        lastName: 'G',
        role: 'agent',
      })
      .returning();
    const sellerId = seller?.id ?? '';
    const agentId = agent?.id ?? '';
    const rowsOf = async (userId: string) => {
      const [client] = await db.select().from(clients).where(eq(clients.userId, userId));
      if (!client) return null;
      const taskRows = await db.select().from(clientTasks).where(eq(clientTasks.clientId, client.id));
      const stageRows = await db.select().from(clientProgress).where(eq(clientProgress.clientId, client.id));
      return { phone: client.phone, tasks: taskRows.length, stages: stageRows.length };
    };
    expect(await rowsOf(sellerId)).toBeNull();
    for (let run = 0; run < 2; run++) {
      await seed(db);
      expect(await rowsOf(sellerId)).toEqual({
        phone: '555-0101',
        tasks: JOURNEY_TASKS.length,
        stages: JOURNEY_STAGES.length,
      });
    }
    expect(await rowsOf(agentId)).toBeNull();
  });
});
