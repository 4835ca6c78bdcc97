import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiTimeoutError, REQUEST_TIMEOUT_MS } from '@listready/web-client';
import { keptChangeFixture } from './journey-test-fixtures.tsx';
import {
  broadcastChannel,
  createKeptStore,
  memoryStorage,
  type KeptStorage,
  type KeptWorkChannel,
  type PendingTaskChange,
} from './pending-task-changes.ts';
import { syncPendingChanges, type OneAtATime } from './sync-pending-changes.ts';

/** Two tabs of one seller: each mirrors the stores in memory; both read and write one storage. */

const change = keptChangeFixture;

/** The tabs' channel, in memory: a post reaches every other tab's listeners, not the poster's. */
function channels(count: number): KeptWorkChannel[] {
  const listeners = Array.from({ length: count }, () => new Set<() => void>());
  return listeners.map((own) => ({
    post: () => listeners.filter((other) => other !== own).forEach((set) => set.forEach((heard) => heard())),
    listen(listener) {
      own.add(listener);
      return () => own.delete(listener);
    },
  }));
}

/** What the Web Locks API gives the tabs: one round at a time, in the order asked. */
function oneLock(): OneAtATime {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>) => {
    const turn = last.then(work);
    last = turn.catch(() => undefined);
    return turn;
  };
}

/** A storage whose writes wait until `finish` is called (a write still in flight). */
function slowWrites<Entry extends PendingTaskChange>(storage: KeptStorage<Entry>) {
  const waiting: (() => void)[] = [];
  return {
    storage: {
      ...storage,
      put: async (entry: Entry) => {
        await new Promise<void>((resolve) => waiting.push(resolve));
        await storage.put(entry);
      },
    },
    finish: () => waiting.splice(0).forEach((resolve) => resolve()),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the seller's tabs", () => {
  it('send work kept in either tab once, when both come back online at the same moment', async () => {
    const storage = memoryStorage<PendingTaskChange>();
    const [first, second] = [createKeptStore(storage), createKeptStore(storage)];
    await first.load();
    await second.load();
    // Each tab kept a completion offline after both had read the stores.
    await first.save(change('ct-1'));
    await second.save(change('ct-2'));
    const sent: string[] = [];
    const lock = oneLock();
    const round = (store: typeof first) =>
      syncPendingChanges({
        store,
        userId: 'user-1',
        send: async (pending) => void sent.push(pending.taskId),
        afterSent: async () => undefined,
        oneAtATime: lock,
      });
    const [firstResult, secondResult] = await Promise.all([round(first), round(second)]);

    expect(sent.sort()).toEqual(['ct-1', 'ct-2']);
    expect(firstResult.sent.map((pending) => pending.taskId).sort()).toEqual(['ct-1', 'ct-2']);
    expect(secondResult.sent).toEqual([]);
    expect(await storage.all()).toEqual([]);
    expect(first.snapshot()).toEqual([]);
    expect(second.snapshot()).toEqual([]);
  });

  it("show the other tab's work once it says it wrote, and read the journeys again before work it sent stops showing", async () => {
    const storage = memoryStorage<PendingTaskChange>();
    const [toFirst, toSecond] = channels(2);
    const first = createKeptStore(storage, toFirst);
    const second = createKeptStore(storage, toSecond);
    const order: string[] = [];
    const readJourneysAgain = vi.fn(async () => {
      order.push(`journeys read again, second shows ${second.snapshot().length}`);
    });
    const heard = vi.fn(() => void second.refresh(readJourneysAgain));
    second.onWrittenElsewhere(heard);

    await first.save(change('ct-1'));
    expect(heard).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(second.snapshot()).toEqual([change('ct-1')]));
    expect(readJourneysAgain).not.toHaveBeenCalled();

    // The first tab sent it and let it go: the second reads the journeys, then stops showing it.
    await first.remove(change('ct-1').key);
    await vi.waitFor(() => expect(second.snapshot()).toEqual([]));
    expect(order).toEqual(['journeys read again, second shows 1']);
  });

  it('pass the turn when a request gets no answer in time, keeping its work for the next round', async () => {
    const storage = memoryStorage<PendingTaskChange>();
    const [first, second] = [createKeptStore(storage), createKeptStore(storage)];
    await first.save(change('ct-1'));
    const lock = oneLock();
    // The first tab's PUT is taken by a network that never answers: the API client gives it up.
    const hung = syncPendingChanges({
      store: first,
      userId: 'user-1',
      send: () => Promise.reject(new ApiTimeoutError('PUT /api/client-tasks/ct-1', REQUEST_TIMEOUT_MS)),
      afterSent: async () => undefined,
      oneAtATime: lock,
    });
    const sent: string[] = [];
    const next = syncPendingChanges({
      store: second,
      userId: 'user-1',
      send: async (pending) => void sent.push(pending.taskId),
      afterSent: async () => undefined,
      oneAtATime: lock,
    });
    // Given up as unanswered: kept to be sent again, and the turn passes.
    await expect(hung).resolves.toEqual({ sent: [], refused: [] });
    expect(first.snapshot()).toMatchObject([{ taskId: 'ct-1' }]);
    await next;
    expect(sent).toEqual(['ct-1']);
    expect(await storage.all()).toEqual([]);
  });

  it('show the latest storage when the other tab writes twice while the first read still waits for the journeys', async () => {
    const storage = memoryStorage<PendingTaskChange>();
    const tab = createKeptStore(storage);
    await storage.put(change('ct-1'));
    await storage.put(change('ct-2'));
    await tab.load();
    let journeysRead: (() => void) | undefined;
    const slowRead = () => new Promise<void>((resolve) => (journeysRead = resolve));
    // The other tab sent ct-1, then ct-2; this tab hears each.
    await storage.delete(change('ct-1').key);
    const first = tab.refresh(slowRead);
    await storage.delete(change('ct-2').key);
    const second = tab.refresh(async () => undefined);
    await vi.waitFor(() => expect(journeysRead).toBeDefined());
    journeysRead?.();
    await Promise.all([first, second]);
    expect(tab.snapshot()).toEqual([]);
  });

  it('render nothing again when a read finds what the tab already shows', async () => {
    const storage = memoryStorage<PendingTaskChange>();
    const tab = createKeptStore(storage);
    const rendered = vi.fn();
    tab.subscribe(rendered);
    // A page opening with nothing kept: every task row reads the stores, and nothing changed.
    await tab.load();
    await tab.refresh();
    expect(rendered).not.toHaveBeenCalled();
    await storage.put(change('ct-1'));
    await tab.refresh();
    await tab.refresh();
    expect(rendered).toHaveBeenCalledTimes(1);
    // The same entries, read again as new objects (IndexedDB answers copies), in another order.
    await storage.put(change('ct-2'));
    await tab.refresh();
    const copies = createKeptStore({
      ...storage,
      all: async () => (await storage.all()).reverse().map((entry) => ({ ...entry })),
    });
    copies.subscribe(rendered);
    await copies.load();
    rendered.mockClear();
    await copies.refresh();
    expect(rendered).not.toHaveBeenCalled();
  });

  it('keep what a tab is writing while it reads what the others wrote', async () => {
    const shared = memoryStorage<PendingTaskChange>();
    const { storage, finish } = slowWrites(shared);
    const tab = createKeptStore(storage);
    const saving = tab.save(change('ct-1'));
    await tab.refresh();
    expect(tab.snapshot()).toEqual([change('ct-1')]);
    finish();
    await saving;
    await tab.refresh();
    expect(tab.snapshot()).toEqual([change('ct-1')]);
  });

  it("keep a tab's newer wish for a task when the other tab sent an older one", async () => {
    const storage = memoryStorage<PendingTaskChange>();
    const first = createKeptStore(storage);
    const second = createKeptStore(storage);
    await first.save(change('ct-1'));
    await second.load();
    // The first tab's PUT is on its way when the second tab un-completes the task (no message
    // between them: each reads storage only).
    let answer: (() => void) | undefined;
    const round = syncPendingChanges({
      store: first,
      userId: 'user-1',
      send: () => new Promise<void>((resolve) => (answer = resolve)),
      afterSent: async () => undefined,
      oneAtATime: oneLock(),
    });
    await vi.waitFor(() => expect(answer).toBeDefined());
    const newer = change('ct-1', { patch: { status: 'pending' }, savedAt: '2030-01-01T10:05:00.000Z' });
    await second.save(newer);
    answer?.();
    const { sent } = await round;
    expect(sent).toEqual([change('ct-1')]);
    expect(await storage.all()).toEqual([newer]);
    expect(first.snapshot()).toEqual([newer]);
  });

  it("reach each other over the browser's BroadcastChannel", async () => {
    if (typeof BroadcastChannel === 'undefined') throw new Error('this environment has no BroadcastChannel');
    const name = `listready-test-${Math.random()}`;
    const [mine, theirs] = [broadcastChannel(name), broadcastChannel(name)];
    const heard = vi.fn();
    const ownEcho = vi.fn();
    const stop = [theirs?.listen(heard), mine?.listen(ownEcho)];
    mine?.post();
    await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(1));
    expect(ownEcho).not.toHaveBeenCalled();
    for (const listening of stop) listening?.();
  });
});
