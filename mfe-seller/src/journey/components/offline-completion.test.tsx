import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts } from '@listready/ui';
import { useTaskEntries } from '../hooks/use-journey-queries.ts';
import { PENDING_CHANGE_TEXT, useOfflineSync } from '../hooks/use-offline-task-changes.ts';
import {
  entryFixture,
  json,
  renderSignedIn,
  scriptApi,
  stageFixture,
} from '../utils/journey-test-fixtures.tsx';
import type { TaskEntry } from '../utils/journey-api.ts';
import { rowOfEntry } from '../utils/journey-view.ts';
import { pendingTaskChanges } from '../utils/pending-task-changes.ts';
import { TaskRow } from './task-row.tsx';

vi.mock('../utils/confetti-burst.ts', () => ({ confettiBurst: vi.fn(async () => undefined) }));

const stage = stageFixture('declutter', 'Declutter', 'in_progress');
const task = entryFixture('ct-1', 'Clear kitchen counters', stage);
const completed = (entry: TaskEntry): TaskEntry => ({
  ...entry,
  clientTask: { ...entry.clientTask, status: 'completed', completedBy: { id: 'user-1', name: 'Jane' } },
});

/** The journey's task list with the sync the journey screen runs. */
function OfflineJourney() {
  useOfflineSync();
  const tasks = useTaskEntries();
  return (
    <ul>
      {tasks.data?.map((entry) => (
        <TaskRow key={entry.id} task={rowOfEntry(entry)} />
      ))}
    </ul>
  );
}

let online = true;

function goOnline(): void {
  online = true;
  window.dispatchEvent(new Event('online'));
}

afterEach(async () => {
  cleanup();
  for (const change of pendingTaskChanges.snapshot()) await pendingTaskChanges.remove(change.key);
  for (const entry of getToasts()) dismissToast(entry.id);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  online = true;
});

function script(put: () => Response) {
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  let current = task;
  return scriptApi({
    'GET /api/clients/current/tasks': () => json(200, [current]),
    'GET /api/clients/current/journey': () => json(200, {}),
    'PUT /api/client-tasks/ct-1': () => {
      const response = put();
      if (response.ok) current = completed(task);
      return response;
    },
  });
}

describe('a completion made offline', () => {
  it('shows as done with the words for it, is kept, and is sent once the browser is back online', async () => {
    const calls = script(() => json(200, completed(task)));
    renderSignedIn(<OfflineJourney />);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark Complete' }));
    online = false;
    await screen.findByRole('button', { name: 'Mark Incomplete' });
    const note = await screen.findByRole('status');
    expect(note.textContent).toBe(PENDING_CHANGE_TEXT);
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    await waitFor(() => expect(getToasts().map((toast) => toast.title)).toContain('Saved on this device'));
    expect(pendingTaskChanges.snapshot()).toMatchObject([
      { taskId: 'ct-1', patch: { status: 'completed' }, userId: 'user-1' },
    ]);
  });

  it('is sent when the browser is back online, and the row then shows the server’s task', async () => {
    const calls = script(() => json(200, completed(task)));
    online = false;
    renderSignedIn(<OfflineJourney />);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark Complete' }));
    await screen.findByText(PENDING_CHANGE_TEXT);
    goOnline();
    await waitFor(() => expect(screen.queryByText(PENDING_CHANGE_TEXT)).toBeNull());
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      { method: 'PUT', url: '/api/client-tasks/ct-1', body: { status: 'completed' } },
    ]);
    expect(screen.getByRole('button', { name: 'Mark Incomplete' })).toBeTruthy();
    expect(pendingTaskChanges.snapshot()).toEqual([]);
    await waitFor(() => expect(getToasts().map((toast) => toast.title)).toContain('Changes synced'));
  });

  it('refused by the server: still shown, with its reason, until the seller lets it go', async () => {
    script(() => json(409, { message: 'This task was removed from the journey.' }));
    online = false;
    renderSignedIn(<OfflineJourney />);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark Complete' }));
    await screen.findByText(PENDING_CHANGE_TEXT);
    goOnline();
    await screen.findByText('Not synced: This task was removed from the journey.');
    expect(screen.getByRole('button', { name: 'Mark Incomplete' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Discard my change' }));
    await screen.findByRole('button', { name: 'Mark Complete' });
    expect(pendingTaskChanges.snapshot()).toEqual([]);
  });
});
