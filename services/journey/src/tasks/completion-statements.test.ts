import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskEntriesSchema, taskEntrySchema } from '@listready/contracts';
import { journeyOutbox } from '@listready/db';
import { eventually, recordStatements, useTestDatabase } from '@listready/testing';
import {
  as,
  must,
  startTestJourneyService,
  type TestJourneyService,
} from '../testing/test-journey-service.ts';

/** `update "journey"."clients" set …` → `update journey.clients`: the verb and the first table named. */
const summary = (text: string) => {
  const verb = text.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  const table = /"?(journey|auth)"?\."?([a-z_]+)"?/.exec(text);
  return table ? `${verb} ${table[1]}.${table[2]}` : verb;
};

/** The event relays' work (any outbox but the event's insert, their lock, their wake-up). */
const isRelays = (text: string) =>
  (/outbox/i.test(text) && !/^\s*insert/i.test(text)) || /advisory|^\s*(listen|unlisten)\b/i.test(text);

/**
 * The statements that are not the relays': the journey's and auth's relays poll and publish on the
 * same pool while the request runs. A transaction (begin … commit on one connection) that is a
 * relay's goes whole, as does one still open at the end (the request's committed before its answer)
 * and one begun before the recording started.
 */
function requestStatements(recorded: { client: unknown; text: string }[]): string[] {
  const open = new Map<unknown, number>();
  const transactionOf: (number | undefined)[] = [];
  const relayTransactions = new Set<number>();
  const foreign = new Set<number>();
  recorded.forEach(({ client, text }, index) => {
    const verb = text.trim().toLowerCase();
    if (verb === 'begin') open.set(client, index);
    const transaction = open.get(client);
    transactionOf.push(transaction);
    if (transaction !== undefined && isRelays(text)) relayTransactions.add(transaction);
    if (verb === 'commit' || verb === 'rollback') {
      // The end of a transaction begun before the recording (a relay's): it goes with what it ran.
      if (transaction === undefined)
        recorded.forEach((earlier, at) => at <= index && earlier.client === client && foreign.add(at));
      open.delete(client);
    }
  });
  // Still open when the request had its answer (after its commit): a relay's next round.
  for (const transaction of open.values()) relayTransactions.add(transaction);
  return recorded
    .filter(({ text }, index) => {
      if (foreign.has(index)) return false;
      const transaction = transactionOf[index];
      return transaction === undefined ? !isRelays(text) : !relayTransactions.has(transaction);
    })
    .map(({ text }) => text);
}

/**
 * The round trips of a completion (issue #16 item 5): each statement is one, and a completion is
 * the platform's hottest write. A new statement on this path makes this test fail: if it is
 * needed, change the list and say why in docs/decisions.md ("The write path").
 */
describe('a task completion’s statements', () => {
  const database = useTestDatabase();
  let journey: TestJourneyService;
  beforeAll(async () => {
    journey = await startTestJourneyService(database.current);
  });
  afterAll(async () => {
    await journey.stop();
  });

  const relaysDone = () =>
    eventually(
      async () =>
        (await database.current.db.select().from(journeyOutbox).where(isNull(journeyOutbox.publishedAt)))
          .length === 0,
    );

  /** What `PUT /api/client-tasks/{id}` sends to Postgres (its events published first: a quiet relay). */
  async function statementsOf(seller: Parameters<typeof as>[0], id: string, status: string) {
    await relaysDone();
    const recording = recordStatements();
    let answer: Awaited<ReturnType<typeof journey.app.inject>>;
    try {
      answer = await journey.app.inject({
        method: 'PUT',
        url: `/api/client-tasks/${id}`,
        payload: { status },
        ...as(seller),
      });
      // Recorded until the relay has published the request's event: its transaction is seen whole.
      await relaysDone();
    } finally {
      recording.stop();
    }
    const statements = requestStatements(recording.sent);
    expect(answer.statusCode).toBe(200);
    return { entry: taskEntrySchema.parse(answer.json()), statements };
  }

  it('completing a task: seven, one transaction of five', async () => {
    const seller = await journey.signUp('client');
    const tasks = taskEntriesSchema.parse(
      (await journey.app.inject({ url: '/api/clients/current/tasks', ...as(seller) })).json(),
    );
    const [warm, task] = tasks.filter((entry) => entry.clientTask.status === 'pending');
    // A first completion warms the caches (the session, the journey content).
    await statementsOf(seller, must(warm).id, 'completed');

    const completed = await statementsOf(seller, must(task).id, 'completed');
    expect(completed.entry.clientTask.status).toBe('completed');
    expect(completed.statements.map(summary)).toEqual([
      'select journey.client_tasks', // the task's seller (and so who may write it)
      'begin',
      'update journey.clients', // last activity, and the seller's lock
      'select journey.client_tasks', // the seller's tasks and stage progress, in one statement
      'with journey.client_tasks', // the conditional update, returning the entry with its completer
      'insert journey.outbox', // task-completed
      'commit',
    ]);

    const reopened = await statementsOf(seller, must(task).id, 'pending');
    expect(reopened.entry.clientTask.status).toBe('pending');
    expect(reopened.statements.map(summary)).toEqual([
      'select journey.client_tasks',
      'begin',
      'update journey.clients',
      'select journey.client_tasks',
      'update journey.client_tasks', // returning the entry
      'insert journey.outbox', // task-updated
      'commit',
    ]);
  });
});
