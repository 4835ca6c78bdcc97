import { JourneyErrorCode } from '@listready/contracts/journey';
import { ApiRequestError, ApiTimeoutError } from '@listready/web-client';
import { customTaskUrl } from './journey-api.ts';
import {
  keptPatchOf,
  pendingChangeKey,
  pendingCreationKey,
  type KeptEntry,
  type KeptStore,
  type KeptTaskPatch,
  type PendingTaskChange,
  type PendingTaskChanges,
  type PendingTaskCreation,
  type PendingTaskCreations,
} from './pending-task-changes.ts';

/**
 * The browser says it is offline, or a request failed without an answer (no HTTP status at all):
 * the network dropped it, or it waited the API client's whole timeout (a sync round holds the tabs'
 * turn, so a request a bad network never ends cannot keep the other tabs' rounds waiting).
 */
export function isOffline(error?: unknown): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  return error instanceof TypeError || error instanceof ApiTimeoutError;
}

/** Answers worth sending again later rather than showing the seller: not signed in, busy, or broken. */
const TRY_LATER = (status: number) => status === 401 || status === 408 || status === 429 || status >= 500;

/** Runs `work` while no other tab of this origin runs its own, in turn. */
export type OneAtATime = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * The seller's tabs send their kept work one round at a time (the Web Locks API, where the browser
 * has it: a secure context): a tab whose round waited reads the stores again, and finds sent what
 * the other tab sent.
 */
export function oneTabAtATime<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator.locks as LockManager | undefined);
  if (!locks) return work();
  // The lock is held until the promise its callback returns settles.
  return new Promise<T>((resolve, reject) => {
    locks.request('listready-kept-work', () => work().then(resolve, reject)).catch(reject);
  });
}

export interface SyncResult {
  sent: (PendingTaskChange | PendingTaskCreation)[];
  refused: (PendingTaskChange | PendingTaskCreation)[];
}

/**
 * Whether a round could send any of the user's kept work now: a custom task or a change not refused,
 * and not a change to a custom task whose creation was refused — that waits for the seller's choice
 * on the creation (Try again or Discard), which starts a round of its own.
 */
export function hasWorkToSend(
  userId: string,
  changes: readonly PendingTaskChange[],
  creations: readonly PendingTaskCreation[],
): boolean {
  const refusedTasks = new Set(
    creations
      .filter((creation) => creation.userId === userId && creation.refusal)
      .map((creation) => creation.taskId),
  );
  return (
    creations.some((creation) => creation.userId === userId && !creation.refusal) ||
    changes.some(
      (change) =>
        change.userId === userId &&
        !change.refusal &&
        !(change.source === 'custom' && refusedTasks.has(change.taskId)),
    )
  );
}

/** One store's waiting work sent in turn; false when the round had to stop (no network, try later). */
async function sendWaiting<Entry extends KeptEntry>(round: {
  store: KeptStore<Entry>;
  userId: string;
  send: (entry: Entry) => Promise<unknown>;
  /** Work that must wait for something else still on this device: left for a later round. */
  waits?: (entry: Entry) => boolean;
  sent: (entry: Entry) => void;
  refused: (entry: Entry) => void;
  /** An answer saying the work is done already (a DELETE that finds no task): the entry is `sent`. */
  done?: (entry: Entry, error: ApiRequestError) => boolean;
  /** An answer saying there is nothing left to do (the task is gone): the entry is `dropped`. */
  gone?: (entry: Entry, error: ApiRequestError) => boolean;
  dropped?: (entry: Entry) => void;
  /** Sent, and no answer came (the server may have it). */
  unanswered?: (entry: Entry) => Promise<void>;
  /** Reads the server again before work another tab sent stops showing here. */
  beforeDropping: () => Promise<unknown>;
}): Promise<boolean> {
  const { store } = round;
  // What another tab kept, sent or discarded since this one last read the store.
  await store.refresh(round.beforeDropping);
  const waiting = store.snapshot().filter((entry) => entry.userId === round.userId && !entry.refusal);
  for (const entry of waiting) {
    if (round.waits?.(entry)) continue;
    if (isOffline()) return false;
    try {
      await round.send(entry);
      round.sent(entry);
    } catch (error) {
      if (error instanceof ApiRequestError && round.done?.(entry, error)) {
        round.sent(entry);
        continue;
      }
      if (error instanceof ApiRequestError && round.gone?.(entry, error)) {
        round.dropped?.(entry);
        continue;
      }
      if (error instanceof ApiRequestError && !TRY_LATER(error.status)) {
        await store.refuse(entry.key, error.serverMessage ?? `The server refused it (${error.status}).`);
        round.refused(entry);
        continue;
      }
      if (!(error instanceof ApiRequestError)) await round.unanswered?.(entry);
      return false;
    }
  }
  return true;
}

/**
 * Sends the signed-in user's waiting work, one request at a time: first the custom tasks made on
 * this device (each POST names the task's id, so sending one twice makes one task), then the
 * changes (each PUT says the state wanted, so sending one twice is harmless) — a change to a task
 * whose creation is still here waits for it. Work the server takes is removed once `afterSent` has
 * read the journey again (so the screen never shows the older state in between); work it refuses
 * (4xx) stays, marked with the server's words, for the seller to retry or discard — never dropped.
 * No network, or an answer to try later, stops the round; the next `online` event or page load
 * starts another. One tab's round at a time (`oneAtATime`), each reading the stores first.
 */
export function syncPendingChanges(input: SyncInput): Promise<SyncResult> {
  return (input.oneAtATime ?? oneTabAtATime)(() => syncRound(input));
}

interface SyncInput {
  store: PendingTaskChanges;
  userId: string;
  send: (change: PendingTaskChange) => Promise<unknown>;
  afterSent: () => Promise<unknown>;
  /**
   * Custom tasks made on this device, and how one is sent: its POST, or its DELETE when the seller
   * deleted it after a POST that got no answer (`deleted`).
   */
  creations?: { store: PendingTaskCreations; send: (creation: PendingTaskCreation) => Promise<unknown> };
  now?: () => Date;
  /** How rounds take turns among tabs (tests give their own). */
  oneAtATime?: OneAtATime;
}

async function syncRound(input: SyncInput): Promise<SyncResult> {
  const { store, userId, creations } = input;
  const result: SyncResult = { sent: [], refused: [] };
  const sentChanges: PendingTaskChange[] = [];
  const sentCreations: PendingTaskCreation[] = [];
  /** Creations with nothing left to send: deleted on the server since their first POST. */
  const goneCreations: PendingTaskCreation[] = [];
  const onward =
    !creations ||
    (await sendWaiting({
      store: creations.store,
      userId,
      send: creations.send,
      beforeDropping: input.afterSent,
      sent: (creation) => sentCreations.push(creation),
      refused: (creation) => result.refused.push(creation),
      // A DELETE that finds no task is the deletion done: its POST never arrived, or an earlier
      // DELETE did whose answer was lost (the page went, or the network, before it came).
      done: (creation, error) => creation.deleted === true && error.status === 404,
      // The task was deleted since its first POST (TASK_DELETED: a deleted task is not made again).
      gone: (creation, error) =>
        !creation.deleted && error.serverError?.code === JourneyErrorCode.taskDeleted,
      dropped: (creation) => goneCreations.push(creation),
      unanswered: async (creation) => {
        const current = creations.store.snapshot().find((candidate) => candidate.key === creation.key);
        if (current && !current.deleted)
          await creations.store.save({ ...current, attempted: creation.savedAt });
      },
    }));
  if (onward) {
    const unsent = (creation: PendingTaskCreation) =>
      creation.userId === userId && !sentCreations.some((sent) => sent.key === creation.key);
    await sendWaiting({
      store,
      userId,
      send: input.send,
      beforeDropping: input.afterSent,
      waits: (change) =>
        change.source === 'custom' &&
        (creations?.store.snapshot() ?? []).some(
          (creation) => creation.taskId === change.taskId && unsent(creation),
        ),
      sent: (change) => sentChanges.push(change),
      refused: (change) => result.refused.push(change),
    });
  }
  result.sent.push(...sentCreations, ...sentChanges);
  // Refused work is read again too: the server's current task is what the seller chooses against.
  if (result.sent.length > 0 || result.refused.length > 0 || goneCreations.length > 0)
    await input.afterSent();
  if (creations) {
    for (const creation of goneCreations) await discardKeptCreation(creations.store, store, creation);
  }
  if (result.sent.length > 0) {
    // Changed again while this one was on its way: the newer wish waits for the next round.
    for (const change of sentChanges) await store.removeSent(change);
    // Kept meanwhile in another tab, and so not removed: shown here too.
    await store.refresh();
    for (const creation of sentCreations) {
      const current = creations?.store.snapshot().find((candidate) => candidate.key === creation.key);
      if (!current || !creations) continue;
      if (creation.deleted) {
        await discardKeptCreation(creations.store, store, creation);
        continue;
      }
      // Edited while its POST was on its way, or since a POST that got no answer (the server may
      // have made the task from that body and answered this one with it): the server has the task
      // now, so the edit becomes a change.
      const editedSinceSent =
        current.savedAt !== creation.savedAt ||
        (creation.attempted !== undefined && creation.attempted !== creation.savedAt);
      if (editedSinceSent)
        await keepChange(store, {
          userId,
          source: 'custom',
          taskId: current.taskId,
          url: customTaskUrl(current.taskId),
          patch: editOf(current.task),
          now: input.now,
        });
      await creations.store.remove(creation.key);
    }
  }
  return result;
}

/** A kept creation's fields as a PUT sets them (everything but the id). */
const editOf = ({ id: _id, ...fields }: PendingTaskCreation['task']) => fields;

/** What a change kept on this device answers instead of the server's entry. */
export const KEPT_ON_DEVICE: unique symbol = Symbol('kept on this device');

/** Saves a change to keep, merged field by field with what already waits for the task. */
async function keepChange(
  store: PendingTaskChanges,
  change: Pick<PendingTaskChange, 'userId' | 'source' | 'taskId' | 'url' | 'patch'> & { now?: () => Date },
): Promise<void> {
  const key = pendingChangeKey(change.userId, change.source, change.taskId);
  const waiting = store.snapshot().find((candidate) => candidate.key === key);
  await store.save({
    key,
    userId: change.userId,
    source: change.source,
    taskId: change.taskId,
    url: change.url,
    // Field by field the last wish. A refused wish changed again is a new wish: sent once more.
    patch: withWaitingBase({ ...waiting?.patch, ...change.patch }, waiting),
    savedAt: (change.now?.() ?? new Date()).toISOString(),
  });
}

/**
 * Notes written again while the first words wait here still replace what the server had when the
 * first were written: the base a save sends is the waiting one's (the list shows the waiting
 * words, so an editor opened again starts from those). A refused wish changed again is a new wish,
 * with the base it was resolved against.
 */
function withWaitingBase(patch: KeptTaskPatch, waiting: PendingTaskChange | undefined): KeptTaskPatch {
  if (!waiting || waiting.refusal || waiting.patch.baseNotes === undefined || patch.notes === undefined)
    return patch;
  return { ...patch, baseNotes: waiting.patch.baseNotes };
}

/**
 * Sends, or keeps on this device when there is no network (offline, or no answer at all);
 * `keep` learns whether the request went out (its answer lost: the server may have it).
 */
async function sendOrKeep<Result>(
  send: () => Promise<Result>,
  keep: (sent: boolean) => Promise<void>,
): Promise<Result | typeof KEPT_ON_DEVICE> {
  const kept = async (sent: boolean): Promise<typeof KEPT_ON_DEVICE> => {
    await keep(sent);
    return KEPT_ON_DEVICE;
  };
  if (isOffline()) return kept(false);
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof ApiRequestError) && isOffline(error)) return kept(true);
    throw error;
  }
}

/**
 * A completion, un-completion, reschedule or note (a change of status, due date, assignee,
 * priority or notes; for a custom task also its title, description or stage) made without a
 * network is kept on this device instead of failing, merged field by field with what already waits
 * for the task (notes under a key of their own, `source: 'notes'`); a change mixing notes with
 * other fields, or one made online, is sent as before. A change sent online also ends the fields it
 * set in an older wish still waiting here. A change to a custom task made on this device and not
 * sent yet (`madeOnDevice`) is kept even online: the server does not have the task yet.
 */
export async function sendOrKeepOnDevice<Result>(input: {
  store: PendingTaskChanges;
  userId: string | undefined;
  source: PendingTaskChange['source'];
  taskId: string;
  url: string;
  /** The PUT's body. */
  patch: object;
  /** Sends the PUT with the body given (the patch, notes with the base of words still waiting here). */
  send: (body: object) => Promise<Result>;
  madeOnDevice?: boolean;
  now?: () => Date;
}): Promise<Result | typeof KEPT_ON_DEVICE> {
  const { store, userId } = input;
  const patch = keptPatchOf(input.patch, input.source);
  if (userId === undefined || patch === null) return input.send(input.patch);
  const keep = () => keepChange(store, { ...input, userId, patch });
  if (input.madeOnDevice) {
    await keep();
    return KEPT_ON_DEVICE;
  }
  const key = pendingChangeKey(userId, input.source, input.taskId);
  const send = async () => {
    const waiting = store.snapshot().find((change) => change.key === key);
    const result = await input.send(withWaitingBase(patch, waiting));
    const older = store.snapshot().find((change) => change.key === key);
    if (older) {
      const rest = Object.fromEntries(Object.entries(older.patch).filter(([field]) => !(field in patch)));
      if (Object.keys(rest).length === 0) await store.remove(key);
      else await store.save({ ...older, patch: rest });
    }
    return result;
  };
  return sendOrKeep(send, keep);
}

/**
 * A custom task made without a network is kept on this device (with the id the device gave it)
 * instead of failing; made online, it is sent as before.
 */
export async function sendOrKeepCreation<Result>(input: {
  store: PendingTaskCreations;
  userId: string | undefined;
  url: string;
  task: PendingTaskCreation['task'];
  send: () => Promise<Result>;
  now?: () => Date;
}): Promise<Result | typeof KEPT_ON_DEVICE> {
  const { store, userId, task } = input;
  if (userId === undefined) return input.send();
  return sendOrKeep(input.send, (sent) => {
    const savedAt = (input.now?.() ?? new Date()).toISOString();
    return store.save({
      key: pendingCreationKey(userId, task.id),
      userId,
      taskId: task.id,
      url: input.url,
      task,
      savedAt,
      ...(sent ? { attempted: savedAt } : {}),
    });
  });
}

/** A custom task still on this device changed (Edit Task): the creation sent later carries it. */
export async function editKeptCreation(
  store: PendingTaskCreations,
  creation: PendingTaskCreation,
  fields: Omit<PendingTaskCreation['task'], 'id'>,
  now: () => Date = () => new Date(),
): Promise<void> {
  await store.save({
    ...creation,
    task: { ...fields, id: creation.taskId },
    savedAt: now().toISOString(),
    refusal: undefined,
  });
}

/**
 * A custom task still on this device deleted. Never sent, it and every change kept for it go. Sent
 * once without an answer (the server may have it), its DELETE goes too (a 404: that POST never
 * arrived); with no network the creation stays, marked deleted and hidden, for the sync to send
 * the DELETE. Answers `KEPT_ON_DEVICE` when the DELETE waits on this device.
 */
export async function deleteKeptCreation(input: {
  creations: PendingTaskCreations;
  changes: PendingTaskChanges;
  creation: PendingTaskCreation;
  /** The task's DELETE. */
  send: () => Promise<unknown>;
}): Promise<typeof KEPT_ON_DEVICE | undefined> {
  const { creations, changes, creation } = input;
  if (creation.attempted === undefined) {
    await discardKeptCreation(creations, changes, creation);
    return undefined;
  }
  const deleted = await sendOrKeep(
    async () => {
      try {
        await input.send();
      } catch (error) {
        if (!(error instanceof ApiRequestError && error.status === 404)) throw error;
      }
    },
    async () => {
      await changes.remove(pendingChangeKey(creation.userId, 'custom', creation.taskId));
      await creations.save({ ...creation, deleted: true, refusal: undefined });
    },
  );
  if (deleted === KEPT_ON_DEVICE) return KEPT_ON_DEVICE;
  await discardKeptCreation(creations, changes, creation);
  return undefined;
}

/**
 * A custom task the server has (sent from here or made elsewhere) deleted, as one made here whose
 * POST got no answer is: its DELETE goes (a 404: gone already), and every change kept for it with
 * it; with no network the deletion is kept on this device — hidden from the lists with the
 * server's copy, sent by the sync, shown again with the server's words if refused.
 */
export function deleteCustomTask(input: {
  creations: PendingTaskCreations;
  changes: PendingTaskChanges;
  userId: string;
  /** Where the task was made (the seller's own custom tasks). */
  url: string;
  /** The task as listed (a `CustomTask` will do): what the entry keeps of it. */
  task: PendingTaskCreation['task'];
  send: () => Promise<unknown>;
  now?: () => Date;
}): Promise<typeof KEPT_ON_DEVICE | undefined> {
  const { userId, task } = input;
  const savedAt = (input.now?.() ?? new Date()).toISOString();
  const creation: PendingTaskCreation = {
    key: pendingCreationKey(userId, task.id),
    userId,
    taskId: task.id,
    url: input.url,
    task: {
      id: task.id,
      title: task.title,
      description: task.description,
      priority: task.priority,
      dueDate: task.dueDate,
      assignedTo: task.assignedTo,
      stageId: task.stageId,
    },
    savedAt,
    attempted: savedAt,
  };
  return deleteKeptCreation({ ...input, creation });
}

/** A custom task still on this device dropped: it and every change kept for it go. */
export async function discardKeptCreation(
  creations: PendingTaskCreations,
  changes: PendingTaskChanges,
  creation: PendingTaskCreation,
): Promise<void> {
  await changes.remove(pendingChangeKey(creation.userId, 'custom', creation.taskId));
  await creations.remove(creation.key);
}
