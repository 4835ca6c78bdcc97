import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepNoteDraft, noteDraftKey, readNoteDraft } from './note-drafts.ts';

afterEach(() => {
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

describe('note drafts', () => {
  const key = noteDraftKey('user-1', 'ct-1');

  it("are kept per person and task in this tab's storage, read back, and forgotten", () => {
    expect(key).not.toBe(noteDraftKey('user-2', 'ct-1'));
    expect(key).not.toBe(noteDraftKey('user-1', 'ct-2'));
    keepNoteDraft(key, { text: 'Boxes', base: '' });
    expect(JSON.parse(window.sessionStorage.getItem(key) ?? 'null')).toEqual({ text: 'Boxes', base: '' });
    expect(readNoteDraft(key)).toEqual({ text: 'Boxes', base: '' });
    keepNoteDraft(key, null);
    expect(readNoteDraft(key)).toBeNull();
    expect(window.sessionStorage.length).toBe(0);
  });

  it('read as none when what is stored is not a draft', () => {
    for (const stored of ['{"text":', '"words"', '{"text":"a"}', '{"text":1,"base":""}', 'null']) {
      window.sessionStorage.setItem(key, stored);
      expect(readNoteDraft(key), stored).toBeNull();
    }
  });

  it('cost nothing but the draft itself where storage is full', () => {
    vi.spyOn(window.sessionStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(() => keepNoteDraft(key, { text: 'Boxes', base: '' })).not.toThrow();
    expect(readNoteDraft(key)).toBeNull();
  });

  it('cost nothing but the draft itself where storage is refused or absent', () => {
    const refused = vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
    expect(() => keepNoteDraft(key, { text: 'Boxes', base: '' })).not.toThrow();
    expect(readNoteDraft(key)).toBeNull();
    refused.mockReturnValue(null as unknown as Storage);
    expect(() => keepNoteDraft(key, { text: 'Boxes', base: '' })).not.toThrow();
    expect(readNoteDraft(key)).toBeNull();
  });
});
