import { ApiRequestError } from '@listready/web-client';
import {
  keptPatchOf,
  pendingChangeKey,
  type PendingTaskChange,
  type PendingTaskChanges,
} from './pending-task-changes.ts';

/** The browser says it is offline, or a request failed without an answer (no HTTP status at all). */
export function isOffline(error?: unknown): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  return error instanceof TypeError;
}

/** Answers worth sending again later rather than showing the seller: not signed in, busy, or broken. */
const TRY_LATER = (status: number) => status === 401 || status === 408 || status === 429 || status >= 500;

export interface SyncResult {
  sent: PendingTaskChange[];
  refused: PendingTaskChange[];
}

/**
 * Sends the signed-in user's waiting changes, one by one (each PUT says the state wanted, so
 * sending one twice is harmless). A change the server takes is removed once `afterSent` has read
 * the journey again (so the screen never shows the older state in between); one it refuses (4xx)
 * stays, marked with the server's words, for the seller to retry or discard — never dropped. No
 * network, or an answer to try later, stops the round; the next `online` event or page load
 * starts another.
 */
export async function syncPendingChanges(input: {
  store: PendingTaskChanges;
  userId: string;
  send: (change: PendingTaskChange) => Promise<unknown>;
  afterSent: () => Promise<unknown>;
}): Promise<SyncResult> {
  const { store, userId } = input;
  await store.load();
  const result: SyncResult = { sent: [], refused: [] };
  const waiting = store.snapshot().filter((change) => change.userId === userId && !change.refusal);
  for (const change of waiting) {
    if (isOffline()) break;
    try {
      await input.send(change);
      result.sent.push(change);
    } catch (error) {
      if (error instanceof ApiRequestError && !TRY_LATER(error.status)) {
        await store.refuse(change.key, error.serverMessage ?? `The server refused it (${error.status}).`);
        result.refused.push(change);
        continue;
      }
      break;
    }
  }
  if (result.sent.length > 0) {
    await input.afterSent();
    for (const change of result.sent) {
      // Changed again while this one was on its way: the newer wish waits for the next round.
      const current = store.snapshot().find((candidate) => candidate.key === change.key);
      if (current?.savedAt === change.savedAt) await store.remove(change.key);
    }
  }
  return result;
}

/** What a change kept on this device answers instead of the server's entry. */
export const KEPT_ON_DEVICE: unique symbol = Symbol('kept on this device');

/**
 * A completion, un-completion or reschedule (a change of status, due date, assignee or priority)
 * made without a network is kept on this device instead of failing, merged field by field with what
 * already waits for the task; any other change (notes, a title…), or one made online, is sent as
 * before. A change sent online also ends the fields it set in an older wish still waiting here.
 */
export async function sendOrKeepOnDevice<Result>(input: {
  store: PendingTaskChanges;
  userId: string | undefined;
  source: PendingTaskChange['source'];
  taskId: string;
  url: string;
  /** The PUT's body. */
  patch: object;
  send: () => Promise<Result>;
  now?: () => Date;
}): Promise<Result | typeof KEPT_ON_DEVICE> {
  const { store, userId } = input;
  const patch = keptPatchOf(input.patch);
  if (userId === undefined || patch === null) return input.send();
  const key = pendingChangeKey(userId, input.source, input.taskId);
  const waiting = () => store.snapshot().find((change) => change.key === key);
  const keep = async (): Promise<typeof KEPT_ON_DEVICE> => {
    await store.save({
      key,
      userId,
      source: input.source,
      taskId: input.taskId,
      url: input.url,
      // Field by field the last wish. A refused wish changed again is a new wish: sent once more.
      patch: { ...waiting()?.patch, ...patch },
      savedAt: (input.now?.() ?? new Date()).toISOString(),
    });
    return KEPT_ON_DEVICE;
  };
  if (isOffline()) return keep();
  try {
    const result = await input.send();
    const older = waiting();
    if (older) {
      const rest = Object.fromEntries(Object.entries(older.patch).filter(([field]) => !(field in patch)));
      if (Object.keys(rest).length === 0) await store.remove(key);
      else await store.save({ ...older, patch: rest });
    }
    return result;
  } catch (error) {
    if (!(error instanceof ApiRequestError) && isOffline(error)) return keep();
    throw error;
  }
}
