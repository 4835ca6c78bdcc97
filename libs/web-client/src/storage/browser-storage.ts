/**
 * The browser's localStorage ('local') and this tab's sessionStorage ('session'), for the small
 * memories the pages keep (a profile tab, an invitation to come back to, a household's journey, a
 * hidden banner, a note's draft). The browser may refuse them: blocked by privacy settings (reading
 * `window.localStorage` itself throws), turned off (Firefox's `dom.storage.enabled`, a WebView
 * without DOM storage: it is null), or full (`setItem` throws). Then nothing is remembered past
 * this page, and nothing breaks: every caller goes through here.
 */
export type StorageArea = 'local' | 'session';

/** The area's Storage, or undefined where the browser refuses it. */
export function browserStorage(area: StorageArea): Storage | undefined {
  try {
    return (area === 'local' ? window.localStorage : window.sessionStorage) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The value kept under `key`; null when there is none or storage is refused. */
export function readStored(area: StorageArea, key: string): string | null {
  try {
    return browserStorage(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Keeps `value` under `key` (null removes it); false when storage refused it. */
export function writeStored(area: StorageArea, key: string, value: string | null): boolean {
  const storage = browserStorage(area);
  if (!storage) return false;
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}
