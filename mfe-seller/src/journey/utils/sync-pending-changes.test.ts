import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '@listready/web-client';
import { withPendingEntries } from '../hooks/use-journey-queries.ts';
import { entryFixture, stageFixture } from './journey-test-fixtures.tsx';
import {
  createPendingTaskChanges,
  memoryStorage,
  pendingChangeKey,
  type PendingTaskChange,
} from './pending-task-changes.ts';
import { KEPT_ON_DEVICE, sendOrKeepOnDevice, syncPendingChanges } from './sync-pending-changes.ts';

const refused = (status: number, message: string) =>
  new ApiRequestError(status, 'Refused', JSON.stringify({ message }));

function offline(): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
}

function change(taskId: string, extra: Partial<PendingTaskChange> = {}): PendingTaskChange {
  return {
    key: pendingChangeKey('user-1', 'client', taskId),
    userId: 'user-1',
    source: 'client',
    taskId,
    url: `/api/client-tasks/${taskId}`,
    status: 'completed',
    savedAt: '2030-01-01T10:00:00.000Z',
    ...extra,
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('sendOrKeepOnDevice', () => {
  const completion = (
    store = createPendingTaskChanges(memoryStorage()),
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
    expect(store.snapshot()).toMatchObject([{ taskId: 'ct-1', status: 'completed', userId: 'user-1' }]);
  });

  it('keeps one whose request fails without an answer (the network went away)', async () => {
    const { input, store } = completion(
      undefined,
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(sendOrKeepOnDevice(input)).resolves.toBe(KEPT_ON_DEVICE);
    expect(store.snapshot()).toHaveLength(1);
  });

  it('does not keep a change the server answered (a refusal is the caller’s to show)', async () => {
    const { input, store } = completion(
      undefined,
      vi.fn(async () => Promise.reject(refused(403, 'Not yours'))),
    );
    await expect(sendOrKeepOnDevice(input)).rejects.toBeInstanceOf(ApiRequestError);
    expect(store.snapshot()).toEqual([]);
  });

  it('sends anything but a status change as before, even offline', async () => {
    offline();
    const { input, store, send } = completion();
    await expect(
      sendOrKeepOnDevice({ ...input, patch: { status: 'completed', notes: 'x' } as never }),
    ).resolves.toBe('entry');
    expect(send).toHaveBeenCalledOnce();
    expect(store.snapshot()).toEqual([]);
  });

  it('keeps the last wish per task, and a change sent online ends an older one waiting', async () => {
    offline();
    const { input, store } = completion();
    await sendOrKeepOnDevice(input);
    await sendOrKeepOnDevice({ ...input, patch: { status: 'pending' } });
    expect(store.snapshot()).toMatchObject([{ taskId: 'ct-1', status: 'pending' }]);
    vi.restoreAllMocks();
    await expect(sendOrKeepOnDevice(input)).resolves.toBe('entry');
    expect(store.snapshot()).toEqual([]);
  });
});

describe('the pending changes', () => {
  it('outlive the page: a new page reading the same storage finds them', async () => {
    const storage = memoryStorage();
    await createPendingTaskChanges(storage).save(change('ct-1'));
    const nextPage = createPendingTaskChanges(storage);
    await nextPage.load();
    expect(nextPage.snapshot()).toEqual([change('ct-1')]);
  });

  it('show in the task list as made', () => {
    const stage = stageFixture('declutter', 'Declutter', 'in_progress');
    const entries = [entryFixture('ct-1', 'Clear counters', stage), entryFixture('ct-2', 'Boxes', stage)];
    const shown = withPendingEntries(entries, [change('ct-2')]);
    expect(shown.map((entry) => entry.clientTask.status)).toEqual(['pending', 'completed']);
  });
});

describe('syncPendingChanges', () => {
  async function storeWith(...changes: PendingTaskChange[]) {
    const store = createPendingTaskChanges(memoryStorage());
    for (const item of changes) await store.save(item);
    return store;
  }

  it('sends each waiting change, reads the journey again, then lets them go', async () => {
    const store = await storeWith(change('ct-1'), change('ct-2', { status: 'pending' }));
    const sent: string[] = [];
    const afterSent = vi.fn(async () => expect(store.snapshot()).toHaveLength(2));
    const result = await syncPendingChanges({
      store,
      userId: 'user-1',
      send: async (item) => void sent.push(`${item.url} ${item.status}`),
      afterSent,
    });
    expect(sent).toEqual(['/api/client-tasks/ct-1 completed', '/api/client-tasks/ct-2 pending']);
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
