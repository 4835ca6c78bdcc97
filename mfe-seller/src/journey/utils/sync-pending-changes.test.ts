import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, ApiTimeoutError, REQUEST_TIMEOUT_MS } from '@listready/web-client';
import {
  customTaskOfCreation,
  withPendingCustomTasks,
  withPendingEntries,
} from '../hooks/use-journey-queries.ts';
import { entryFixture, keptChangeFixture, keptTaskFixture, stageFixture } from './journey-test-fixtures.tsx';
import {
  createKeptStore,
  fromStorage,
  memoryStorage,
  pendingChangeKey,
  pendingCreationKey,
  type PendingTaskChange,
  type PendingTaskCreation,
} from './pending-task-changes.ts';
import {
  deleteKeptCreation,
  editKeptCreation,
  hasWorkToSend,
  KEPT_ON_DEVICE,
  sendOrKeepCreation,
  sendOrKeepOnDevice,
  syncPendingChanges,
} from './sync-pending-changes.ts';

const refused = (status: number, message: string) =>
  new ApiRequestError(status, 'Refused', JSON.stringify({ message }));

function offline(): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
}

const change = keptChangeFixture;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('sendOrKeepOnDevice', () => {
  const completion = (
    store = createKeptStore<PendingTaskChange>(memoryStorage()),
    send = vi.fn(async () => 'entry'),
  ) => ({
    input: {
      store,
      userId: 'user-1',
      source: 'client' as const,
      taskId: 'ct-1',
      url: '/api/client-tasks/ct-1',
      patch: { status: 'completed' as const },
      send,
    },
    store,
    send,
  });

  it('keeps a completion made while the browser is offline, without sending it', async () => {
    offline();
    const { input, store, send } = completion();
    await expect(sendOrKeepOnDevice(input)).resolves.toBe(KEPT_ON_DEVICE);
    expect(send).not.toHaveBeenCalled();
    expect(store.snapshot()).toMatchObject([
      { taskId: 'ct-1', patch: { status: 'completed' }, userId: 'user-1' },
    ]);
  });

  it('keeps one whose request fails without an answer (the network went away)', async () => {
    const { input, store } = completion(
      undefined,
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(sendOrKeepOnDevice(input)).resolves.toBe(KEPT_ON_DEVICE);
    expect(store.snapshot()).toHaveLength(1);
  });

  it('keeps one whose request got no answer in time (the API client gave it up)', async () => {
    const { input, store } = completion(
      undefined,
      vi.fn(async () =>
        Promise.reject(new ApiTimeoutError('PUT /api/client-tasks/ct-1', REQUEST_TIMEOUT_MS)),
      ),
    );
    await expect(sendOrKeepOnDevice(input)).resolves.toBe(KEPT_ON_DEVICE);
    expect(store.snapshot()).toMatchObject([{ taskId: 'ct-1', patch: { status: 'completed' } }]);
  });

  it('does not keep a change the server answered (a refusal is the caller’s to show)', async () => {
    const { input, store } = completion(
      undefined,
      vi.fn(async () => Promise.reject(refused(403, 'Not yours'))),
    );
    await expect(sendOrKeepOnDevice(input)).rejects.toBeInstanceOf(ApiRequestError);
    expect(store.snapshot()).toEqual([]);
  });

  it('sends a change of notes (or anything not kept) as before, even offline', async () => {
    offline();
    const { input, store, send } = completion();
    await expect(
      sendOrKeepOnDevice({ ...input, patch: { status: 'completed', notes: 'x' } as never }),
    ).resolves.toBe('entry');
    expect(send).toHaveBeenCalledOnce();
    expect(store.snapshot()).toEqual([]);
  });

  it('keeps a reschedule made offline (date, who, priority), merged field by field with what waits', async () => {
    offline();
    const { input, store, send } = completion();
    await sendOrKeepOnDevice(input);
    await expect(
      sendOrKeepOnDevice({
        ...input,
        patch: { dueDate: '2030-03-01', assignedTo: 'Sam', priority: 'high', status: undefined },
      }),
    ).resolves.toBe(KEPT_ON_DEVICE);
    await sendOrKeepOnDevice({ ...input, patch: { dueDate: null } });
    expect(send).not.toHaveBeenCalled();
    expect(store.snapshot()).toMatchObject([
      { taskId: 'ct-1', patch: { status: 'completed', dueDate: null, assignedTo: 'Sam', priority: 'high' } },
    ]);
    expect(Object.keys(store.snapshot()[0]?.patch ?? {}).sort()).toEqual([
      'assignedTo',
      'dueDate',
      'priority',
      'status',
    ]);
  });

  it('a change sent online ends only the fields it set in a wish still waiting', async () => {
    offline();
    const { input, store } = completion();
    await sendOrKeepOnDevice({ ...input, patch: { status: 'completed', dueDate: '2030-03-01' } });
    vi.restoreAllMocks();
    await expect(sendOrKeepOnDevice({ ...input, patch: { dueDate: '2030-04-01' } })).resolves.toBe('entry');
    expect(store.snapshot()).toMatchObject([{ taskId: 'ct-1', patch: { status: 'completed' } }]);
    expect(store.snapshot()[0]?.patch).not.toHaveProperty('dueDate');
  });

  it('a waiting wish refused by the server and changed again offline is a new wish, sent again', async () => {
    const { input, store } = completion();
    await store.save({ ...change('ct-1'), refusal: 'Not now' });
    offline();
    await sendOrKeepOnDevice({ ...input, patch: { priority: 'low' } });
    expect(store.snapshot()).toMatchObject([{ patch: { status: 'completed', priority: 'low' } }]);
    expect(store.snapshot()[0]).not.toHaveProperty('refusal');
  });

  it('keeps the last wish per task, and a change sent online ends an older one waiting', async () => {
    offline();
    const { input, store } = completion();
    await sendOrKeepOnDevice(input);
    await sendOrKeepOnDevice({ ...input, patch: { status: 'pending' } });
    expect(store.snapshot()).toMatchObject([{ taskId: 'ct-1', patch: { status: 'pending' } }]);
    vi.restoreAllMocks();
    await expect(sendOrKeepOnDevice(input)).resolves.toBe('entry');
    expect(store.snapshot()).toEqual([]);
  });
});

describe('the pending changes', () => {
  it('outlive the page: a new page reading the same storage finds them', async () => {
    const storage = memoryStorage<PendingTaskChange>();
    await createKeptStore<PendingTaskChange>(storage).save(change('ct-1'));
    const nextPage = createKeptStore<PendingTaskChange>(storage);
    await nextPage.load();
    expect(nextPage.snapshot()).toEqual([change('ct-1')]);
  });

  it('show in the task list as made', () => {
    const stage = stageFixture('declutter', 'Declutter', 'in_progress');
    const entries = [entryFixture('ct-1', 'Clear counters', stage), entryFixture('ct-2', 'Boxes', stage)];
    const shown = withPendingEntries(entries, [
      change('ct-2'),
      change('ct-1', { patch: { dueDate: '2030-05-04', assignedTo: 'Sam', priority: 'high' } }),
    ]);
    expect(shown.map((entry) => entry.clientTask.status)).toEqual(['pending', 'completed']);
    expect(shown[0]?.clientTask).toMatchObject({
      dueDate: '2030-05-04',
      assignedTo: 'Sam',
      priority: 'high',
    });
  });

  it('read what the previous version stored (a completion, its status beside the key)', () => {
    const { patch, ...rest } = change('ct-1');
    expect(fromStorage({ ...rest, status: patch.status })).toEqual(change('ct-1'));
    expect(fromStorage(change('ct-2'))).toEqual(change('ct-2'));
  });
});

describe('syncPendingChanges', () => {
  async function storeWith(...changes: PendingTaskChange[]) {
    const store = createKeptStore<PendingTaskChange>(memoryStorage());
    for (const item of changes) await store.save(item);
    return store;
  }

  it('sends each waiting change, reads the journey again, then lets them go', async () => {
    const store = await storeWith(
      change('ct-1'),
      change('ct-2', { patch: { status: 'pending', dueDate: '2030-02-01' } }),
    );
    const sent: string[] = [];
    const afterSent = vi.fn(async () => expect(store.snapshot()).toHaveLength(2));
    const result = await syncPendingChanges({
      store,
      userId: 'user-1',
      send: async (item) => void sent.push(`${item.url} ${JSON.stringify(item.patch)}`),
      afterSent,
    });
    expect(sent).toEqual([
      '/api/client-tasks/ct-1 {"status":"completed"}',
      '/api/client-tasks/ct-2 {"status":"pending","dueDate":"2030-02-01"}',
    ]);
    expect(afterSent).toHaveBeenCalledOnce();
    expect(result.sent).toHaveLength(2);
    expect(store.snapshot()).toEqual([]);
  });

  it('keeps a change the server refuses, with its words, and goes on with the others', async () => {
    const store = await storeWith(change('ct-1'), change('ct-2'));
    const result = await syncPendingChanges({
      store,
      userId: 'user-1',
      send: async (item) => {
        if (item.taskId === 'ct-1') throw refused(409, 'This task was removed from the journey.');
      },
      afterSent: async () => undefined,
    });
    expect(result.refused.map((item) => item.taskId)).toEqual(['ct-1']);
    expect(store.snapshot()).toEqual([
      { ...change('ct-1'), refusal: 'This task was removed from the journey.' },
    ]);
    // A refused change is not sent again by itself; trying again makes it wait once more.
    const again = vi.fn(async () => undefined);
    await syncPendingChanges({ store, userId: 'user-1', send: again, afterSent: async () => undefined });
    expect(again).not.toHaveBeenCalled();
    await store.retry(change('ct-1').key);
    await syncPendingChanges({ store, userId: 'user-1', send: again, afterSent: async () => undefined });
    expect(again).toHaveBeenCalledOnce();
    expect(store.snapshot()).toEqual([]);
  });

  it('stops without losing anything when the network is gone or the server cannot take it now', async () => {
    for (const failure of [
      new TypeError('Failed to fetch'),
      refused(503, 'Busy'),
      refused(401, 'Unauthorized'),
    ]) {
      const store = await storeWith(change('ct-1'), change('ct-2'));
      const send = vi.fn(async () => Promise.reject(failure));
      await syncPendingChanges({ store, userId: 'user-1', send, afterSent: async () => undefined });
      expect(send).toHaveBeenCalledOnce();
      expect(store.snapshot()).toEqual([change('ct-1'), change('ct-2')]);
    }
  });

  it("sends only the signed-in user's changes, and nothing while offline", async () => {
    const store = await storeWith(
      change('ct-1', { userId: 'someone-else', key: 'someone-else client ct-1' }),
    );
    const send = vi.fn(async () => undefined);
    await syncPendingChanges({ store, userId: 'user-1', send, afterSent: async () => undefined });
    expect(send).not.toHaveBeenCalled();
    await store.save(change('ct-2'));
    offline();
    await syncPendingChanges({ store, userId: 'user-1', send, afterSent: async () => undefined });
    expect(send).not.toHaveBeenCalled();
  });
});

describe('custom tasks made on this device', () => {
  const task = keptTaskFixture;
  const fields = (title?: string): Omit<PendingTaskCreation['task'], 'id'> => {
    const { id: _id, ...rest } = keptTaskFixture('', title);
    return rest;
  };
  const creation = (id: string, extra: Partial<PendingTaskCreation> = {}): PendingTaskCreation => ({
    key: pendingCreationKey('user-1', id),
    userId: 'user-1',
    taskId: id,
    url: '/api/clients/current/custom-tasks',
    task: task(id),
    savedAt: '2030-01-01T10:00:00.000Z',
    ...extra,
  });
  const customChange = (id: string) =>
    change(id, {
      key: pendingChangeKey('user-1', 'custom', id),
      source: 'custom',
      url: `/api/clients/current/custom-tasks/${id}`,
    });

  async function stores() {
    const changes = createKeptStore<PendingTaskChange>(memoryStorage());
    const creations = createKeptStore<PendingTaskCreation>(memoryStorage());
    return { changes, creations };
  }

  it('is kept offline with the id the device gave it, and sent before the changes kept for it', async () => {
    const { changes, creations } = await stores();
    offline();
    const send = vi.fn(async () => 'task');
    await expect(
      sendOrKeepCreation({
        store: creations,
        userId: 'user-1',
        url: '/api/clients/current/custom-tasks',
        task: task('new-1'),
        send,
      }),
    ).resolves.toBe(KEPT_ON_DEVICE);
    expect(send).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    // Completed right after, online: the server has no such task yet, so the change waits here too.
    const put = vi.fn(async () => 'task');
    await expect(
      sendOrKeepOnDevice({
        store: changes,
        userId: 'user-1',
        source: 'custom',
        taskId: 'new-1',
        url: '/api/clients/current/custom-tasks/new-1',
        patch: { status: 'completed' },
        send: put,
        madeOnDevice: true,
      }),
    ).resolves.toBe(KEPT_ON_DEVICE);
    expect(put).not.toHaveBeenCalled();

    const sent: string[] = [];
    await syncPendingChanges({
      store: changes,
      userId: 'user-1',
      send: async (item) => void sent.push(`PUT ${item.url}`),
      creations: { store: creations, send: async (item) => void sent.push(`POST ${item.task.id}`) },
      afterSent: async () => undefined,
    });
    expect(sent).toEqual(['POST new-1', 'PUT /api/clients/current/custom-tasks/new-1']);
    expect(creations.snapshot()).toEqual([]);
    expect(changes.snapshot()).toEqual([]);
  });

  it('refused, it stays with the server’s words, and the changes to it wait instead of failing', async () => {
    const { changes, creations } = await stores();
    await creations.save(creation('new-1'));
    await changes.save(customChange('new-1'));
    await changes.save(change('ct-2'));
    const put = vi.fn(async () => undefined);
    const result = await syncPendingChanges({
      store: changes,
      userId: 'user-1',
      send: put,
      creations: {
        store: creations,
        send: async () => Promise.reject(refused(409, 'A task with this id already exists')),
      },
      afterSent: async () => undefined,
    });
    expect(result.refused).toEqual([creation('new-1')]);
    expect(creations.snapshot()).toEqual([
      { ...creation('new-1'), refusal: 'A task with this id already exists' },
    ]);
    // The other task's change went; the new task's waits for its creation.
    expect(put).toHaveBeenCalledOnce();
    expect(changes.snapshot()).toEqual([customChange('new-1')]);
  });

  it('no network for the creation: nothing else is tried, and nothing is lost', async () => {
    const { changes, creations } = await stores();
    await creations.save(creation('new-1'));
    await changes.save(change('ct-2'));
    const put = vi.fn(async () => undefined);
    await syncPendingChanges({
      store: changes,
      userId: 'user-1',
      send: put,
      creations: { store: creations, send: async () => Promise.reject(new TypeError('Failed to fetch')) },
      afterSent: async () => undefined,
    });
    expect(put).not.toHaveBeenCalled();
    // Marked as sent once without an answer: the server may have the task now.
    expect(creations.snapshot()).toEqual([creation('new-1', { attempted: '2030-01-01T10:00:00.000Z' })]);
    expect(changes.snapshot()).toEqual([change('ct-2')]);
  });

  it('sent without an answer, it is kept marked so; made while offline, it is not', async () => {
    const { creations } = await stores();
    const keep = (id: string, send: () => Promise<unknown>) =>
      sendOrKeepCreation({
        store: creations,
        userId: 'user-1',
        url: '/api/clients/current/custom-tasks',
        task: task(id),
        send,
        now: () => new Date('2030-01-01T10:00:00.000Z'),
      });
    await expect(keep('new-1', async () => Promise.reject(new TypeError('Failed to fetch')))).resolves.toBe(
      KEPT_ON_DEVICE,
    );
    offline();
    await expect(keep('new-2', async () => 'task')).resolves.toBe(KEPT_ON_DEVICE);
    expect(creations.snapshot()).toEqual([
      creation('new-1', { attempted: '2030-01-01T10:00:00.000Z' }),
      creation('new-2'),
    ]);
  });

  it('answered TASK_DELETED (deleted elsewhere since its first POST): it and its changes go, and the lists are read again', async () => {
    const { changes, creations } = await stores();
    await creations.save(creation('new-1', { attempted: '2030-01-01T10:00:00.000Z' }));
    await changes.save(customChange('new-1'));
    const put = vi.fn(async () => undefined);
    const afterSent = vi.fn(async () => undefined);
    const result = await syncPendingChanges({
      store: changes,
      userId: 'user-1',
      send: put,
      creations: {
        store: creations,
        send: async () =>
          Promise.reject(
            new ApiRequestError(
              409,
              'Conflict',
              JSON.stringify({ message: 'This task was deleted', code: 'TASK_DELETED' }),
            ),
          ),
      },
      afterSent,
    });
    expect(result).toEqual({ sent: [], refused: [] });
    expect(put).not.toHaveBeenCalled();
    expect(afterSent).toHaveBeenCalledOnce();
    expect(creations.snapshot()).toEqual([]);
    expect(changes.snapshot()).toEqual([]);
  });

  it('edited after a POST that got no answer: sent again, the edit is kept as a change too (the server may have the first body)', async () => {
    const { changes, creations } = await stores();
    await creations.save(
      creation('new-1', {
        task: task('new-1', 'Book the window cleaner'),
        savedAt: '2030-01-01T10:00:05.000Z',
        attempted: '2030-01-01T10:00:00.000Z',
      }),
    );
    const sent: string[] = [];
    await syncPendingChanges({
      store: changes,
      userId: 'user-1',
      send: async (item) => void sent.push(`PUT ${item.url} ${item.patch.title}`),
      creations: { store: creations, send: async (item) => void sent.push(`POST ${item.task.title}`) },
      afterSent: async () => undefined,
      now: () => new Date('2030-01-01T10:00:06.000Z'),
    });
    expect(sent).toEqual(['POST Book the window cleaner']);
    expect(creations.snapshot()).toEqual([]);
    expect(changes.snapshot()).toEqual([
      expect.objectContaining({
        key: pendingChangeKey('user-1', 'custom', 'new-1'),
        patch: fields('Book the window cleaner'),
      }),
    ]);
  });

  describe('deleted on this device', () => {
    const deleteIt = (
      kept: Awaited<ReturnType<typeof stores>>,
      item: PendingTaskCreation,
      send: () => Promise<unknown>,
    ) => deleteKeptCreation({ creations: kept.creations, changes: kept.changes, creation: item, send });
    const notFound = () => Promise.reject(refused(404, 'Task not found'));

    it('never sent: it and its changes go, and nothing is sent', async () => {
      const kept = await stores();
      await kept.creations.save(creation('new-1'));
      await kept.changes.save(customChange('new-1'));
      const send = vi.fn(async () => undefined);
      await deleteIt(kept, creation('new-1'), send);
      expect(send).not.toHaveBeenCalled();
      expect(kept.creations.snapshot()).toEqual([]);
      expect(kept.changes.snapshot()).toEqual([]);
    });

    it('sent once without an answer: its DELETE goes (found or not), then it and its changes go', async () => {
      for (const answer of [async () => undefined, notFound]) {
        const kept = await stores();
        const item = creation('new-1', { attempted: '2030-01-01T10:00:00.000Z' });
        await kept.creations.save(item);
        await kept.changes.save(customChange('new-1'));
        const send = vi.fn(answer);
        await deleteIt(kept, item, send);
        expect(send).toHaveBeenCalledOnce();
        expect(kept.creations.snapshot()).toEqual([]);
        expect(kept.changes.snapshot()).toEqual([]);
      }
    });

    it('sent once without an answer, and no network now: hidden (the server’s copy too) until the sync sends its DELETE', async () => {
      const kept = await stores();
      const item = creation('new-1', { attempted: '2030-01-01T10:00:00.000Z' });
      await kept.creations.save(item);
      await kept.changes.save(customChange('new-1'));
      offline();
      const send = vi.fn(async () => undefined);
      await deleteIt(kept, item, send);
      expect(send).not.toHaveBeenCalled();
      expect(kept.creations.snapshot()).toEqual([{ ...item, deleted: true }]);
      expect(kept.changes.snapshot()).toEqual([]);
      // The server had it after all: neither its copy nor the kept one is listed.
      const server = [{ ...customTaskOfCreation(item), title: 'From the server' }];
      expect(withPendingCustomTasks(server, [], kept.creations.snapshot())).toEqual([]);
      vi.restoreAllMocks();

      const sent: string[] = [];
      const afterSent = vi.fn(async () => undefined);
      const result = await syncPendingChanges({
        store: kept.changes,
        userId: 'user-1',
        send: async () => undefined,
        creations: {
          store: kept.creations,
          send: async (entry) => {
            sent.push(entry.deleted ? `DELETE ${entry.taskId}` : `POST ${entry.taskId}`);
            return notFound();
          },
        },
        afterSent,
      });
      expect(sent).toEqual(['DELETE new-1']);
      // No task to delete is the deletion done (that POST never arrived): sent, not refused.
      expect(result).toEqual({ sent: [{ ...item, deleted: true }], refused: [] });
      expect(afterSent).toHaveBeenCalledOnce();
      expect(kept.creations.snapshot()).toEqual([]);
    });
  });

  it('edited while its POST was on its way: the edit is kept as a change of the task the server now has', async () => {
    const { changes, creations } = await stores();
    await creations.save(creation('new-1'));
    await syncPendingChanges({
      store: changes,
      userId: 'user-1',
      send: async () => undefined,
      creations: {
        store: creations,
        send: async (item) =>
          editKeptCreation(
            creations,
            item,
            fields('Book the window cleaner'),
            () => new Date('2030-01-01T10:00:01.000Z'),
          ),
      },
      afterSent: async () => undefined,
      now: () => new Date('2030-01-01T10:00:02.000Z'),
    });
    expect(creations.snapshot()).toEqual([]);
    expect(changes.snapshot()).toEqual([
      {
        key: pendingChangeKey('user-1', 'custom', 'new-1'),
        userId: 'user-1',
        source: 'custom',
        taskId: 'new-1',
        url: '/api/clients/current/custom-tasks/new-1',
        patch: fields('Book the window cleaner'),
        savedAt: '2030-01-01T10:00:02.000Z',
      },
    ]);
  });

  it('are listed after the server’s custom tasks until the server has them, with the changes kept for them', () => {
    const server = [{ ...customTaskOfCreation(creation('old')), title: 'From the server' }];
    const listed = withPendingCustomTasks(
      server,
      [customChange('new-1')],
      [creation('new-1'), creation('old')],
    );
    expect(listed.map((item) => [item.id, item.title, item.status])).toEqual([
      ['old', 'From the server', 'pending'],
      ['new-1', 'Book the cleaner', 'completed'],
    ]);
  });

  it('counts as work to send again later only what a round could send: not a change waiting on a refused creation', () => {
    const refusedCreation = creation('new-1', { refusal: 'A task needs a title.' });
    // The change waits for the seller's choice on its task's creation: nothing a round could send.
    expect(hasWorkToSend('user-1', [customChange('new-1')], [refusedCreation])).toBe(false);
    expect(hasWorkToSend('user-1', [change('t1', { refusal: 'No.' })], [])).toBe(false);
    // Another user's work on this device is theirs to send.
    expect(hasWorkToSend('user-2', [customChange('new-1')], [creation('new-2')])).toBe(false);
    expect(hasWorkToSend('user-1', [customChange('new-1')], [creation('new-1')])).toBe(true);
    expect(hasWorkToSend('user-1', [customChange('new-1'), change('t1')], [refusedCreation])).toBe(true);
    expect(hasWorkToSend('user-1', [], [refusedCreation, creation('new-2')])).toBe(true);
  });
});

describe('notes kept on this device', () => {
  const notesInput = (
    store: ReturnType<typeof createKeptStore<PendingTaskChange>>,
    patch: { notes: string; baseNotes: string },
    send = vi.fn(async (_body: object) => 'entry'),
  ) => ({
    store,
    userId: 'user-1',
    source: 'notes' as const,
    taskId: 'ct-1',
    url: '/api/client-tasks/ct-1',
    patch,
    send,
  });

  it('wait apart from the task’s other changes, and written again keep the notes the server had', async () => {
    const store = createKeptStore<PendingTaskChange>(memoryStorage());
    offline();
    await sendOrKeepOnDevice({ ...notesInput(store, { notes: 'a', baseNotes: '' }) });
    await sendOrKeepOnDevice({ ...notesInput(store, { notes: 'ab', baseNotes: 'a' }) });
    await sendOrKeepOnDevice({
      store,
      userId: 'user-1',
      source: 'client',
      taskId: 'ct-1',
      url: '/api/client-tasks/ct-1',
      patch: { status: 'completed' },
      send: async () => 'entry',
    });
    expect(store.snapshot().map((change) => [change.key, change.patch])).toEqual([
      ['user-1 notes ct-1', { notes: 'ab', baseNotes: '' }],
      ['user-1 client ct-1', { status: 'completed' }],
    ]);
    // Both show on the task, in order.
    const [shown] = withPendingEntries(
      [entryFixture('ct-1', 'Task', stageFixture('s', 'S', 'in_progress'))],
      store.snapshot(),
    );
    expect(shown?.clientTask).toMatchObject({ notes: 'ab', status: 'completed' });
  });

  it('saved online while older words still wait: sent against the waiting base, which then goes', async () => {
    const store = createKeptStore<PendingTaskChange>(memoryStorage());
    offline();
    await sendOrKeepOnDevice({ ...notesInput(store, { notes: 'a', baseNotes: '' }) });
    vi.restoreAllMocks();
    const send = vi.fn(async (_body: object) => 'entry');
    await sendOrKeepOnDevice({ ...notesInput(store, { notes: 'ab', baseNotes: 'a' }, send) });
    expect(send).toHaveBeenCalledWith({ notes: 'ab', baseNotes: '' });
    expect(store.snapshot()).toEqual([]);
  });

  it('refused, they are not shown as saved; settled and saved again, they say the base they were settled against', async () => {
    const store = createKeptStore<PendingTaskChange>(memoryStorage());
    await store.save({
      key: pendingChangeKey('user-1', 'notes', 'ct-1'),
      userId: 'user-1',
      source: 'notes',
      taskId: 'ct-1',
      url: '/api/client-tasks/ct-1',
      patch: { notes: 'mine', baseNotes: '' },
      savedAt: '2030-01-01T10:00:00.000Z',
      refusal: 'Someone else changed these notes',
    });
    const server = { ...entryFixture('ct-1', 'Task', stageFixture('s', 'S', 'in_progress')) };
    server.clientTask = { ...server.clientTask, notes: 'theirs' };
    expect(withPendingEntries([server], store.snapshot())[0]?.clientTask.notes).toBe('theirs');
    offline();
    await sendOrKeepOnDevice({ ...notesInput(store, { notes: 'mine', baseNotes: 'theirs' }) });
    const [kept] = store.snapshot();
    expect(kept?.patch).toEqual({ notes: 'mine', baseNotes: 'theirs' });
    expect(kept?.refusal).toBeUndefined();
  });
});
