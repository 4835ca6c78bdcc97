import { MutationObserver } from '@tanstack/react-query';
import { createAppQueryClient } from '@listready/web-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TaskEntry } from './journey-api.ts';
import { optimisticListUpdate } from './optimistic-list-update.ts';
import { applyClientTaskChanges, replaceEntry, type ClientTaskChange } from './task-changes.ts';

const KEY = ['/api/clients/current/tasks'];
const REFETCHED = ['/api/clients/current/journey'];

function entry(id: string, status: 'pending' | 'completed' = 'pending'): TaskEntry {
  return {
    id,
    canEditDetails: true,
    stage: {
      id: 'declutter',
      slug: 'declutter',
      name: 'Declutter',
      icon: null,
      orderIndex: 2,
      excludedFromProgress: false,
    },
    taskTemplate: {
      id: `template-${id}`,
      slug: id,
      stageId: 'declutter',
      kind: 'predefined',
      title: `Task ${id}`,
      description: null,
      category: null,
      estimatedHours: 1,
      priority: 'medium',
      isOptional: false,
      orderIndex: 1,
    },
    clientTask: {
      id,
      taskId: `template-${id}`,
      title: `Task ${id}`,
      status,
      dueDate: null,
      assignedTo: null,
      notes: null,
      priority: 'medium',
      completedAt: null,
      completedBy: null,
      updatedAt: '2030-01-01T00:00:00.000Z',
    },
  };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setUp() {
  // The app's own client: its defaults (no retries, offline-first) are what the journey runs with.
  const queryClient = createAppQueryClient();
  queryClient.setQueryData(KEY, [entry('a'), entry('b')]);
  const answer = deferred<TaskEntry>();
  const onError = vi.fn();
  const onSuccess = vi.fn();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const observer = new MutationObserver(
    queryClient,
    optimisticListUpdate<TaskEntry, ClientTaskChange, TaskEntry>({
      queryClient,
      queryKey: KEY,
      send: () => answer.promise,
      apply: (entries, change) => applyClientTaskChanges(entries, [change]),
      merge: replaceEntry,
      refetch: [KEY, REFETCHED],
      onError,
      onSuccess,
    }),
  );
  const statusOf = (id: string) =>
    queryClient.getQueryData<TaskEntry[]>(KEY)?.find((item) => item.id === id)?.clientTask.status;
  return { queryClient, answer, observer, onError, onSuccess, invalidate, statusOf };
}

afterEach(() => vi.restoreAllMocks());

describe('optimistic list update', () => {
  it('shows the change before the server answers, then keeps the server’s entry', async () => {
    const { answer, observer, onSuccess, invalidate, statusOf, queryClient } = setUp();
    const done = observer.mutate({ id: 'a', patch: { status: 'completed' } });
    await vi.waitFor(() => expect(statusOf('a')).toBe('completed'));
    expect(statusOf('b')).toBe('pending');

    const fromServer = entry('a', 'completed');
    fromServer.clientTask.completedAt = '2030-01-02T00:00:00.000Z';
    answer.resolve(fromServer);
    await done;
    expect(queryClient.getQueryData<TaskEntry[]>(KEY)?.[0]).toEqual(fromServer);
    expect(onSuccess).toHaveBeenCalledOnce();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: REFETCHED });
  });

  it('rolls the list back and reports the error when the call fails', async () => {
    const { answer, observer, onError, onSuccess, invalidate, statusOf } = setUp();
    const done = observer.mutate({ id: 'a', patch: { status: 'completed' } });
    await vi.waitFor(() => expect(statusOf('a')).toBe('completed'));

    answer.reject(new Error('500: boom'));
    await expect(done).rejects.toThrow('500: boom');
    expect(statusOf('a')).toBe('pending');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: '500: boom' }), {
      id: 'a',
      patch: { status: 'completed' },
    });
    expect(onSuccess).not.toHaveBeenCalled();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: KEY });
  });
});
