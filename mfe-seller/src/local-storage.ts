/**
 * The seller remote's small per-device memories (which journey a household member works on, a
 * hidden banner) in localStorage. The browser may refuse it: blocked by privacy settings (reading
 * `window.localStorage` throws), or full (`setItem` throws). Then nothing is remembered past this
 * page, and nothing breaks.
 */
function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The value kept under `key`; null when there is none or storage is refused. */
export function readStored(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Keeps `value` under `key` (null removes it); false when storage refused it. */
export function writeStored(key: string, value: string | null): boolean {
  const store = storage();
  if (!store) return false;
  try {
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}
