import type { ClientTaskUpdate, CustomTaskCreate, CustomTaskUpdate } from '@listready/contracts/journey';

/**
 * What a change kept on this device may set: a completion (status) and a reschedule (due date, who
 * does it, priority) — each a plain value the PUT sets, the same for journey and custom tasks.
 */
export const KEPT_FIELDS = ['status', 'dueDate', 'assignedTo', 'priority'] as const;
/**
 * A custom task is the seller's own, so its title, description and stage are plain values too (the
 * profile's Edit Task): a change of them made offline is kept the same way.
 */
export const KEPT_CUSTOM_FIELDS = [...KEPT_FIELDS, 'title', 'description', 'stageId'] as const;
/**
 * A task's notes, kept apart from its other changes (source `notes`): a note is saved against the
 * words it started from (`baseNotes`; 409 when someone changed them meanwhile), and such a refusal
 * must not hold back a completion. Refused, the seller chooses in the notes editor what to keep.
 */
export const KEPT_NOTES_FIELDS = ['notes', 'baseNotes'] as const;
export type KeptTaskPatch = Pick<ClientTaskUpdate, (typeof KEPT_FIELDS)[number]> &
  Partial<Pick<CustomTaskUpdate, 'title' | 'description' | 'stageId'>> &
  Pick<ClientTaskUpdate, (typeof KEPT_NOTES_FIELDS)[number]>;

const KEPT_FIELDS_OF: Record<PendingTaskChange['source'], readonly string[]> = {
  client: KEPT_FIELDS,
  custom: KEPT_CUSTOM_FIELDS,
  notes: KEPT_NOTES_FIELDS,
};

/** The fields `patch` sets, when it sets only fields that may be kept (at least one); otherwise null. */
export function keptPatchOf(
  patch: object,
  source: PendingTaskChange['source'] = 'client',
): KeptTaskPatch | null {
  const fields = KEPT_FIELDS_OF[source];
  const set = Object.entries(patch).filter(([, value]) => value !== undefined);
  const keepable = ([field]: [string, unknown]) => fields.includes(field);
  return set.length > 0 && set.every(keepable) ? (Object.fromEntries(set) as KeptTaskPatch) : null;
}

/** What every piece of work kept on this device has: whose it is, when it was made, and a refusal. */
export interface KeptEntry {
  /** Unique per person and task (and kind of work). */
  key: string;
  userId: string;
  savedAt: string;
  /** Set when the server refused it (a 4xx): it stays, with the server's words, until the seller decides. */
  refusal?: string;
}

/**
 * Task changes made while offline (issue 19, item 4): completions, reschedules and notes, kept on
 * this device (IndexedDB, so a reload keeps them), shown on the journey as made, and sent once the
 * browser is back online. One entry per task (and one for its notes), field by field the last
 * wish: completing then un-completing offline leaves only the last, and a new date offline keeps a
 * completion waiting.
 */
export interface PendingTaskChange extends KeptEntry {
  /** `${userId} ${source} ${taskId}`: one wish per task and person. */
  key: string;
  /** A journey task's change, a custom task's, or a journey task's notes (sent as the journey task's PUT). */
  source: 'client' | 'custom' | 'notes';
  taskId: string;
  /** The PUT that makes it so (the task route is idempotent by desired state). */
  url: string;
  /** Its body. */
  patch: KeptTaskPatch;
}

/**
 * A custom task made without a network (the profile's Add Task): its POST body with the id this
 * device gave it, so sending it twice makes one task (the server answers the same creation again
 * with 200). Shown in the lists as made, and sent before any change kept for it.
 */
export interface PendingTaskCreation extends KeptEntry {
  /** `${userId} new ${taskId}`. */
  key: string;
  taskId: string;
  /** Where it is POSTed (the seller's own journey). */
  url: string;
  task: CustomTaskCreate & { id: string };
  /**
   * The `savedAt` of the body whose POST went out and got no answer: the server may have the task
   * already (a creation sent again then answers it as it is, without later edits). A task the
   * server has for sure (deleted offline after it was synced) is kept as one such.
   */
  attempted?: string;
  /**
   * Deleted by the seller after such a POST, or a synced task deleted without a network: hidden
   * from the lists, and sent as the task's DELETE (the server may have it) rather than its creation.
   */
  deleted?: boolean;
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

export interface KeptStorage<Entry extends KeptEntry> {
  all(): Promise<Entry[]>;
  put(entry: Entry): Promise<void>;
  /**
   * Deletes the entry; with `ifSavedAt`, only while the stored one is that one (another tab may
   * have kept a newer wish for the task since this one read it).
   */
  delete(key: string, ifSavedAt?: string): Promise<void>;
}

export const pendingChangeKey = (userId: string, source: PendingTaskChange['source'], taskId: string) =>
  `${userId} ${source} ${taskId}`;
export const pendingCreationKey = (userId: string, taskId: string) => `${userId} new ${taskId}`;

/** In memory: for tests, and for a browser without IndexedDB (the change then lasts until a reload). */
export function memoryStorage<Entry extends KeptEntry>(): KeptStorage<Entry> {
  const entries = new Map<string, Entry>();
  return {
    all: async () => [...entries.values()],
    put: async (change) => void entries.set(change.key, change),
    delete: async (key, ifSavedAt) => {
      if (ifSavedAt === undefined || entries.get(key)?.savedAt === ifSavedAt) entries.delete(key);
    },
  };
}

/** Where each kind of work is kept: a database of its own, so adding one never upgrades another. */
export const CHANGES_DATABASE = { database: 'listready-offline', store: 'task-changes' };
export const CREATIONS_DATABASE = { database: 'listready-offline-new-tasks', store: 'task-creations' };

/**
 * IndexedDB, in a dozen lines of our own: one object store read and written whole, which a
 * wrapper library (idb, idb-keyval) would not make shorter than it makes the bundle bigger. Each
 * kind of work has a database of its own at version 1: a new kind needs no upgrade, which an
 * open tab of the previous version (holding its connection) would block.
 */
export function indexedDbStorage<Entry extends KeptEntry, Stored = Entry>(
  factory: IDBFactory,
  where: { database: string; store: string },
  read: (stored: Stored) => Entry = (stored) => stored as unknown as Entry,
): KeptStorage<Entry> {
  let opened: Promise<IDBDatabase> | undefined;
  const database = () =>
    (opened ??= new Promise((resolve, reject) => {
      const request = factory.open(where.database, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(where.store, { keyPath: 'key' });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
    }));
  /**
   * Done once its transaction has committed, not when the request succeeds: a write is only kept
   * after the commit, and a page reloaded or closed between the two loses it (most likely why an
   * offline deletion's e2e test once failed after a reload in CI). So "Saved on this device" is
   * said once it is.
   */
  async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>) {
    const transaction = (await database()).transaction(where.store, mode);
    return new Promise<T>((resolve, reject) => {
      const request = work(transaction.objectStore(where.store));
      const failed = () =>
        reject(request.error ?? transaction.error ?? new Error('IndexedDB transaction failed'));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onabort = failed;
      transaction.onerror = failed;
    });
  }
  return {
    all: async () => (await run('readonly', (store) => store.getAll() as IDBRequest<Stored[]>)).map(read),
    put: async (entry) => void (await run('readwrite', (store) => store.put(entry))),
    delete: async (key, ifSavedAt) =>
      void (await run('readwrite', (store): IDBRequest => {
        if (ifSavedAt === undefined) return store.delete(key);
        // Read and deleted in one transaction: no other tab's write comes in between.
        const stored = store.get(key) as IDBRequest<Stored | undefined>;
        stored.onsuccess = () => {
          if (stored.result !== undefined && read(stored.result).savedAt === ifSavedAt) store.delete(key);
        };
        return stored;
      })),
  };
}

/**
 * How a page tells the seller's other tabs that it wrote kept work (each tab mirrors the stores in
 * memory): a message, no content; a tab that hears it reads the stores again.
 */
export interface KeptWorkChannel {
  post(): void;
  listen(listener: () => void): () => void;
}

/** A `BroadcastChannel` of that name (every tab of this origin), where the browser has one. */
export function broadcastChannel(name: string): KeptWorkChannel | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined;
  const channel = new BroadcastChannel(name);
  return {
    post: () => channel.postMessage('changed'),
    listen(listener) {
      const heard = () => listener();
      channel.addEventListener('message', heard);
      return () => channel.removeEventListener('message', heard);
    },
  };
}

/**
 * Work kept on this device, mirrored in memory so screens read it synchronously
 * (`useSyncExternalStore`) while every entry is also written to storage. Storage is shared by the
 * seller's tabs: `refresh` reads it again (what another tab kept, sent or discarded since), and
 * `channel` tells the other tabs after each write.
 */
export function createKeptStore<Entry extends KeptEntry>(
  storage: KeptStorage<Entry>,
  channel?: KeptWorkChannel,
) {
  let changes: readonly Entry[] = [];
  let loaded: Promise<void> | undefined;
  const listeners = new Set<() => void>();
  /** This tab's writes so far; each key's latest (its number) and its writes not yet done (see `refresh`). */
  let writes = 0;
  const lastWrite = new Map<string, number>();
  const inFlight = new Map<string, number>();
  const publish = (next: readonly Entry[]) => {
    changes = next;
    for (const listener of listeners) listener();
  };
  const without = (key: string) => changes.filter((change) => change.key !== key);
  /**
   * The same work, whatever the order: a read that finds what the tab already shows changes
   * nothing, so no screen renders again (every task row reads the stores).
   */
  const sameAs = (next: readonly Entry[]) =>
    next.length === changes.length &&
    next.every((entry) => {
      const shown = changes.find((candidate) => candidate.key === entry.key);
      return shown !== undefined && JSON.stringify(shown) === JSON.stringify(entry);
    });
  /** Writes one key's entry (or its deletion), known in memory at once, told to the other tabs after. */
  async function write(key: string, next: readonly Entry[], store: () => Promise<void>) {
    lastWrite.set(key, (writes += 1));
    inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
    publish(next);
    try {
      await store();
    } finally {
      const left = (inFlight.get(key) ?? 1) - 1;
      if (left === 0) inFlight.delete(key);
      else inFlight.set(key, left);
    }
    channel?.post();
  }
  const save = (change: Entry) =>
    write(change.key, [...without(change.key), change], () => storage.put(change));

  let refreshing: Promise<void> = Promise.resolve();
  /**
   * Reads storage again and shows what it holds, but for the keys this tab wrote since the read
   * began or is still writing (memory is newer there). `beforeDropping` runs first when an entry
   * this tab showed is gone (another tab sent or discarded it): the screens read the server again
   * before the kept state they showed goes. A storage that cannot be read leaves memory as it is.
   * One read after another: a read that waited in `beforeDropping` never shows older storage last.
   */
  function refresh(beforeDropping?: () => Promise<unknown>): Promise<void> {
    refreshing = refreshing.catch(() => undefined).then(() => readAgain(beforeDropping));
    return refreshing;
  }
  async function readAgain(beforeDropping?: () => Promise<unknown>): Promise<void> {
    const since = writes;
    let stored: Entry[];
    try {
      stored = await storage.all();
    } catch {
      return;
    }
    const mine = (key: string) => inFlight.has(key) || (lastWrite.get(key) ?? 0) > since;
    const gone = (entries: readonly Entry[]) =>
      entries.some((entry) => !mine(entry.key) && !stored.some((kept) => kept.key === entry.key));
    if (beforeDropping && gone(changes)) await beforeDropping().catch(() => undefined);
    const next = [...stored.filter((kept) => !mine(kept.key)), ...changes.filter((entry) => mine(entry.key))];
    if (!sameAs(next)) publish(next);
  }

  return {
    /** Reads what an earlier page left (once; later calls wait for the same read). */
    load(): Promise<void> {
      loaded ??= refresh();
      return loaded;
    },
    refresh,
    /** Calls `listener` when another tab wrote to the store (to `refresh`); returns its removal. */
    onWrittenElsewhere: (listener: () => void): (() => void) =>
      channel?.listen(listener) ?? (() => undefined),
    snapshot: (): readonly Entry[] => changes,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    save,
    remove: (key: string): Promise<void> => write(key, without(key), () => storage.delete(key)),
    /**
     * Lets sent work go, unless it changed since (here, or in another tab that wrote it to storage
     * first): the newer wish stays to be sent.
     */
    async removeSent(sent: Entry): Promise<void> {
      const current = changes.find((candidate) => candidate.key === sent.key);
      if (current?.savedAt !== sent.savedAt) return;
      await write(sent.key, without(sent.key), () => storage.delete(sent.key, sent.savedAt));
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

export type KeptStore<Entry extends KeptEntry> = ReturnType<typeof createKeptStore<Entry>>;
export type PendingTaskChanges = KeptStore<PendingTaskChange>;
export type PendingTaskCreations = KeptStore<PendingTaskCreation>;

/** The page's stores (IndexedDB and a channel to the other tabs, where the browser has them). */
export const pendingTaskChanges: PendingTaskChanges =
  typeof indexedDB === 'undefined'
    ? createKeptStore(memoryStorage<PendingTaskChange>())
    : createKeptStore(
        indexedDbStorage<PendingTaskChange, StoredChange>(indexedDB, CHANGES_DATABASE, fromStorage),
        broadcastChannel(CHANGES_DATABASE.database),
      );
export const pendingTaskCreations: PendingTaskCreations =
  typeof indexedDB === 'undefined'
    ? createKeptStore(memoryStorage<PendingTaskCreation>())
    : createKeptStore(
        indexedDbStorage<PendingTaskCreation>(indexedDB, CREATIONS_DATABASE),
        broadcastChannel(CREATIONS_DATABASE.database),
      );
