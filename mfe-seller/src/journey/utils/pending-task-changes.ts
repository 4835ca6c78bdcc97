import type { ClientTaskUpdate } from '@listready/contracts/journey';

/**
 * What a change kept on this device may set: a completion (status) and a reschedule (due date, who
 * does it, priority) — each a plain value the PUT sets, the same for journey and custom tasks. Never
 * notes: a note is saved against the words it started from (409 when someone changed them meanwhile),
 * which only makes sense while the seller is there to see the answer.
 */
export const KEPT_FIELDS = ['status', 'dueDate', 'assignedTo', 'priority'] as const;
export type KeptTaskPatch = Pick<ClientTaskUpdate, (typeof KEPT_FIELDS)[number]>;

/** The fields `patch` sets, when it sets only fields that may be kept (at least one); otherwise null. */
export function keptPatchOf(patch: object): KeptTaskPatch | null {
  const set = Object.entries(patch).filter(([, value]) => value !== undefined);
  const keepable = ([field]: [string, unknown]) => (KEPT_FIELDS as readonly string[]).includes(field);
  return set.length > 0 && set.every(keepable) ? (Object.fromEntries(set) as KeptTaskPatch) : null;
}

/**
 * Task changes made while offline (issue 19, item 4): completions and reschedules, kept on this
 * device (IndexedDB, so a reload keeps them), shown on the journey as made, and sent once the
 * browser is back online. One entry per task, field by field the last wish: completing then
 * un-completing offline leaves only the last, and a new date offline keeps a completion waiting.
 */
export interface PendingTaskChange {
  /** `${userId} ${source} ${taskId}`: one wish per task and person. */
  key: string;
  userId: string;
  source: 'client' | 'custom';
  taskId: string;
  /** The PUT that makes it so (the task route is idempotent by desired state). */
  url: string;
  /** Its body. */
  patch: KeptTaskPatch;
  savedAt: string;
  /** Set when the server refused it (a 4xx): the change stays, with the server's words, until the seller decides. */
  refusal?: string;
}

/** An entry as an earlier version stored it (completions only, `status` beside the key). */
type StoredChange =
  PendingTaskChange | (Omit<PendingTaskChange, 'patch'> & { status: KeptTaskPatch['status'] });

/** Reads an entry of this version or the one before. */
export function fromStorage(stored: StoredChange): PendingTaskChange {
  if ('patch' in stored) return stored;
  const { status, ...rest } = stored;
  return { ...rest, patch: { status } };
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
    all: async () =>
      (await run('readonly', (store) => store.getAll() as IDBRequest<StoredChange[]>)).map(fromStorage),
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
