import type { ClientTaskUpdate } from '@listready/contracts/journey';

type TaskStatus = NonNullable<ClientTaskUpdate['status']>;

/**
 * Task completions made while offline (issue 19, item 4): kept on this device (IndexedDB, so a
 * reload keeps them), shown on the journey as made, and sent once the browser is back online.
 * One entry per task: completing then un-completing offline leaves only the last wish.
 */
export interface PendingTaskChange {
  /** `${userId} ${source} ${taskId}`: one wish per task and person. */
  key: string;
  userId: string;
  source: 'client' | 'custom';
  taskId: string;
  /** The PUT that makes it so (the task route is idempotent by desired state). */
  url: string;
  status: TaskStatus;
  savedAt: string;
  /** Set when the server refused it (a 4xx): the change stays, with the server's words, until the seller decides. */
  refusal?: string;
}

export interface PendingChangeStorage {
  all(): Promise<PendingTaskChange[]>;
  put(change: PendingTaskChange): Promise<void>;
  delete(key: string): Promise<void>;
}

export const pendingChangeKey = (userId: string, source: PendingTaskChange['source'], taskId: string) =>
  `${userId} ${source} ${taskId}`;

/** In memory: for tests, and for a browser without IndexedDB (the change then lasts until a reload). */
export function memoryStorage(): PendingChangeStorage {
  const entries = new Map<string, PendingTaskChange>();
  return {
    all: async () => [...entries.values()],
    put: async (change) => void entries.set(change.key, change),
    delete: async (key) => void entries.delete(key),
  };
}

const DATABASE = 'listready-offline';
const STORE = 'task-changes';

/**
 * IndexedDB, in a dozen lines of our own: one object store read and written whole, which a
 * wrapper library (idb, idb-keyval) would not make shorter than it makes the bundle bigger.
 */
export function indexedDbStorage(factory: IDBFactory): PendingChangeStorage {
  let opened: Promise<IDBDatabase> | undefined;
  const database = () =>
    (opened ??= new Promise((resolve, reject) => {
      const request = factory.open(DATABASE, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'key' });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
    }));
  async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>) {
    const store = (await database()).transaction(STORE, mode).objectStore(STORE);
    return new Promise<T>((resolve, reject) => {
      const request = work(store);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
    });
  }
  return {
    all: () => run('readonly', (store) => store.getAll() as IDBRequest<PendingTaskChange[]>),
    put: async (change) => void (await run('readwrite', (store) => store.put(change))),
    delete: async (key) => void (await run('readwrite', (store) => store.delete(key))),
  };
}

/**
 * The pending changes, mirrored in memory so screens read them synchronously
 * (`useSyncExternalStore`) while every change is also written to storage.
 */
export function createPendingTaskChanges(storage: PendingChangeStorage) {
  let changes: readonly PendingTaskChange[] = [];
  let loaded: Promise<void> | undefined;
  const listeners = new Set<() => void>();
  const publish = (next: readonly PendingTaskChange[]) => {
    changes = next;
    for (const listener of listeners) listener();
  };
  const without = (key: string) => changes.filter((change) => change.key !== key);
  const save = async (change: PendingTaskChange) => {
    publish([...without(change.key), change]);
    await storage.put(change);
  };

  return {
    /** Reads what an earlier page left (once; later calls wait for the same read). */
    load(): Promise<void> {
      loaded ??= storage.all().then(
        (stored) =>
          publish([...stored, ...changes.filter((change) => !stored.some((s) => s.key === change.key))]),
        () => undefined,
      );
      return loaded;
    },
    snapshot: (): readonly PendingTaskChange[] => changes,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    save,
    async remove(key: string): Promise<void> {
      publish(without(key));
      await storage.delete(key);
    },
    async refuse(key: string, refusal: string): Promise<void> {
      const change = changes.find((candidate) => candidate.key === key);
      if (change) await save({ ...change, refusal });
    },
    /** Asked to try again: the refusal is forgotten and the change waits to be sent. */
    async retry(key: string): Promise<void> {
      const change = changes.find((candidate) => candidate.key === key);
      if (change) await save({ ...change, refusal: undefined });
    },
  };
}

export type PendingTaskChanges = ReturnType<typeof createPendingTaskChanges>;

/** The page's one store (IndexedDB where the browser has it). */
export const pendingTaskChanges = createPendingTaskChanges(
  typeof indexedDB === 'undefined' ? memoryStorage() : indexedDbStorage(indexedDB),
);
