import { describe, expect, it } from 'vitest';
import { keepNoteDraft, noteDraftKey, readNoteDraft } from './note-drafts.ts';

/** A Storage over a Map, or one whose every call throws (full, or refused). */
function memoryStorage(failing = false): Storage {
  const items = new Map<string, string>();
  const guard = () => {
    if (failing) throw new DOMException('refused', 'QuotaExceededError');
  };
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => (guard(), items.get(key) ?? null),
    setItem: (key, value) => (guard(), void items.set(key, value)),
    removeItem: (key) => (guard(), void items.delete(key)),
  };
}

describe('note drafts', () => {
  const key = noteDraftKey('user-1', 'ct-1');

  it('are kept per person and task, read back, and forgotten', () => {
    const storage = memoryStorage();
    expect(key).not.toBe(noteDraftKey('user-2', 'ct-1'));
    expect(key).not.toBe(noteDraftKey('user-1', 'ct-2'));
    keepNoteDraft(key, { text: 'Boxes', base: '' }, storage);
    expect(readNoteDraft(key, storage)).toEqual({ text: 'Boxes', base: '' });
    keepNoteDraft(key, null, storage);
    expect(readNoteDraft(key, storage)).toBeNull();
    expect(storage.length).toBe(0);
  });

  it('read as none when what is stored is not a draft', () => {
    const storage = memoryStorage();
    for (const stored of ['{"text":', '"words"', '{"text":"a"}', '{"text":1,"base":""}', 'null']) {
      storage.setItem(key, stored);
      expect(readNoteDraft(key, storage), stored).toBeNull();
    }
  });

  it('cost nothing but the draft itself where storage is full, refused or absent', () => {
    const failing = memoryStorage(true);
    expect(() => keepNoteDraft(key, { text: 'Boxes', base: '' }, failing)).not.toThrow();
    expect(readNoteDraft(key, failing)).toBeNull();
    expect(() => keepNoteDraft(key, { text: 'Boxes', base: '' }, null)).not.toThrow();
    expect(readNoteDraft(key, null)).toBeNull();
  });
});
