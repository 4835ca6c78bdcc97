import { describe, expect, it } from 'vitest';
import { CHANGES_DATABASE, indexedDbStorage, type PendingTaskChange } from './pending-task-changes.ts';

/**
 * Just enough of IndexedDB to order a write's two moments (happy-dom has none; the offline e2e
 * tests use Chromium's): the request succeeds, then its transaction commits or aborts.
 */
function indexedDbWhoseTransaction(ends: 'commits' | 'aborts') {
  const moments: string[] = [];
  const later = (work: () => void) => setTimeout(work, 0);
  const transaction = {
    error: null as DOMException | null,
    oncomplete: null as (() => void) | null,
    onabort: null as (() => void) | null,
    onerror: null as (() => void) | null,
    objectStore: () => ({
      put: () => {
        const request = { result: 'key', error: null, onsuccess: null as (() => void) | null };
        later(() => {
          moments.push('request succeeded');
          request.onsuccess?.();
          later(() => {
            moments.push(`transaction ${ends === 'commits' ? 'committed' : 'aborted'}`);
            if (ends === 'commits') transaction.oncomplete?.();
            else {
              transaction.error = new DOMException('The page went away', 'AbortError');
              transaction.onabort?.();
            }
          });
        });
        return request;
      },
    }),
  };
  const factory = {
    open: () => {
      const request = {
        result: { transaction: () => transaction },
        onsuccess: null as (() => void) | null,
      };
      later(() => request.onsuccess?.());
      return request;
    },
  } as unknown as IDBFactory;
  return { factory, moments };
}

const change: PendingTaskChange = {
  key: 'user-1 client task-1',
  userId: 'user-1',
  savedAt: '2026-12-03T15:00:00.000Z',
  source: 'client',
  taskId: 'task-1',
  url: '/api/client-tasks/task-1',
  patch: { status: 'completed' },
};

describe('work kept in IndexedDB', () => {
  it('is kept once its transaction has committed, not when the request succeeds', async () => {
    const { factory, moments } = indexedDbWhoseTransaction('commits');
    await indexedDbStorage<PendingTaskChange>(factory, CHANGES_DATABASE).put(change);
    expect(moments).toEqual(['request succeeded', 'transaction committed']);
  });

  it('is not kept when the transaction aborts after the request succeeded (a reload in between)', async () => {
    const { factory, moments } = indexedDbWhoseTransaction('aborts');
    await expect(indexedDbStorage<PendingTaskChange>(factory, CHANGES_DATABASE).put(change)).rejects.toThrow(
      'The page went away',
    );
    expect(moments).toEqual(['request succeeded', 'transaction aborted']);
  });
});
