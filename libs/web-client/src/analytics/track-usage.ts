import type { UsageEventInput } from '@listready/contracts/analytics';

/** The window event the shell's usage tracker listens to (shell/src/analytics). */
export const USAGE_EVENT = 'listready:usage';

/**
 * Records a usage event (a task or stage action, a note, a step of a flow…) through the shell's
 * tracker, which adds the page, time, user and session and sends it with its batch. A window event
 * rather than an import: remotes stay independent of the shell, and a remote running on its own
 * (no tracker listening) records nothing.
 */
export function trackUsage(input: UsageEventInput): void {
  window.dispatchEvent(new CustomEvent<UsageEventInput>(USAGE_EVENT, { detail: input }));
}

/**
 * Where the shell's tracker keeps the tab's usage session id (sessionStorage): a reload continues the
 * session, a new tab starts one.
 */
export const USAGE_SESSION_STORAGE_KEY = 'listready.analytics.sessionId';
/** What a stored session id must look like to be used (anything else is replaced). */
const USAGE_SESSION_ID_PATTERN = /^[\w-]{8,100}$/;

/** The usage session id kept in `storage`, or null (none yet, storage refused, or something else there). */
export function usageSessionId(storage: Pick<Storage, 'getItem'> | undefined): string | null {
  try {
    const stored = storage?.getItem(USAGE_SESSION_STORAGE_KEY);
    return stored && USAGE_SESSION_ID_PATTERN.test(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** This tab's usage session id as the shell's tracker keeps it, or null. */
export function tabUsageSessionId(): string | null {
  let storage: Storage | undefined;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = undefined; // Storage blocked (private modes).
  }
  return usageSessionId(storage);
}

/** The window event announcing a sign-out while the session is still valid (useLogout). */
export const SIGNING_OUT_EVENT = 'listready:signing-out';

export interface SigningOutDetail {
  /** Hands over what must reach the server with the session still valid; sign-out waits for it. */
  waitUntil(work: Promise<unknown>): void;
}

/**
 * Announces that the user is signing out and waits, at most `limitMs`, for what listeners still send
 * with the session (the shell's tracker ends its usage session: once signed out, the server would
 * record that end for nobody). Nothing listening, it returns at once.
 */
export async function announceSigningOut(limitMs = 1_000): Promise<void> {
  const work: Promise<unknown>[] = [];
  window.dispatchEvent(
    new CustomEvent<SigningOutDetail>(SIGNING_OUT_EVENT, {
      detail: { waitUntil: (sent) => work.push(sent) },
    }),
  );
  if (work.length === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, limitMs);
  });
  await Promise.race([Promise.allSettled(work), limit]);
  clearTimeout(timer);
}
