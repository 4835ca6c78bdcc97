import { onlineManager } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '@listready/ui';
import { PROFILE_ACTIVE_TAB_STORAGE_KEY, PROFILE_TAB_CHANGE_EVENT } from '@listready/web-client';
import { PENDING_CHANGE_TEXT, useOfflineSync } from '../../journey/hooks/use-offline-task-changes.ts';
import {
  json,
  keptTaskFixture,
  renderSignedIn,
  scriptApi,
} from '../../journey/utils/journey-test-fixtures.tsx';
import type { CustomTask } from '../../journey/utils/journey-api.ts';
import {
  pendingCreationKey,
  pendingTaskChanges,
  pendingTaskCreations,
} from '../../journey/utils/pending-task-changes.ts';
import { personalTaskFixture, userFixture } from '../utils/profile-test-fixtures.ts';
import { ProfileScreen } from './profile-screen.tsx';

/** The profile with the sync the seller remote runs around it. */
function OfflineProfile() {
  useOfflineSync();
  return <ProfileScreen />;
}

let online = true;

function goOnline(): void {
  online = true;
  window.dispatchEvent(new Event('online'));
}

beforeEach(() => {
  window.sessionStorage.clear();
  window.sessionStorage.setItem(PROFILE_ACTIVE_TAB_STORAGE_KEY, 'tasks');
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});

afterEach(async () => {
  cleanup();
  for (const entry of pendingTaskCreations.snapshot()) await pendingTaskCreations.remove(entry.key);
  for (const entry of pendingTaskChanges.snapshot()) await pendingTaskChanges.remove(entry.key);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
  online = true;
});

/** The server's personal tasks: a POST adds the task it names (once per id), a PUT changes it. */
function script(initial: CustomTask[]) {
  let tasks = initial;
  const calls = scriptApi({
    'GET /api/user-groups': () => json(200, []),
    'GET /api/clients/current/journey': () => json(200, { stages: [] }),
    'GET /api/clients/current/custom-tasks': () => json(200, tasks),
    'POST /api/clients/current/custom-tasks': (body) => {
      const { id, title } = body as { id: string; title: string };
      const task = personalTaskFixture(id, title);
      tasks = [...tasks, task];
      return json(201, task);
    },
    'PUT /api/clients/current/custom-tasks/t1': (body) => {
      tasks = tasks.map((task) => (task.id === 't1' ? { ...task, ...(body as object) } : task));
      return json(200, tasks[0]);
    },
    'DELETE /api/clients/current/custom-tasks/t1': () => {
      const had = tasks.some((task) => task.id === 't1');
      tasks = tasks.filter((task) => task.id !== 't1');
      return had ? new Response(null, { status: 204 }) : json(404, { message: 'Task not found' });
    },
  });
  const writes = () => calls.filter((call) => call.method !== 'GET');
  return { writes };
}

async function addTask(title: string): Promise<void> {
  fireEvent.click(await screen.findByRole('button', { name: /^Add (Your First )?Task$/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Task' });
  fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: title } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add Task' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

/** The deletion of task t1 kept on this device, its DELETE waiting to be sent (the server may have it). */
const keepDeletion = (title: string) =>
  pendingTaskCreations.save({
    key: pendingCreationKey(userFixture.id, 't1'),
    userId: userFixture.id,
    taskId: 't1',
    url: '/api/clients/current/custom-tasks',
    task: keptTaskFixture('t1', title),
    savedAt: '2030-01-01T10:00:00.000Z',
    attempted: '2030-01-01T10:00:00.000Z',
    deleted: true,
  });

const rowOf = (title: string) => screen.getByText(title).closest('li') as HTMLElement;

describe('a personal task added offline', () => {
  it('is kept on this device, listed with the words for it, and sent once when the browser is back online', async () => {
    const server = script([]);
    online = false;
    renderSignedIn(<OfflineProfile />, userFixture);
    await addTask('Book the cleaner');
    expect(within(rowOf('Book the cleaner')).getByRole('status').textContent).toBe(PENDING_CHANGE_TEXT);
    expect(getToasts().map((toast) => toast.title)).toContain('Saved on this device');
    expect(server.writes()).toEqual([]);
    const [kept] = pendingTaskCreations.snapshot();
    expect(kept).toMatchObject({ userId: 'user-1', task: { title: 'Book the cleaner', priority: 'medium' } });

    goOnline();
    await waitFor(() => expect(screen.queryByText(PENDING_CHANGE_TEXT)).toBeNull());
    expect(server.writes()).toEqual([
      {
        method: 'POST',
        url: '/api/clients/current/custom-tasks',
        body: expect.objectContaining({ id: kept?.taskId, title: 'Book the cleaner' }),
      },
    ]);
    expect(screen.getByText('Book the cleaner')).toBeTruthy();
    expect(pendingTaskCreations.snapshot()).toEqual([]);
    await waitFor(() => expect(getToasts().map((toast) => toast.title)).toContain('Changes synced'));
  });

  it('is edited and deleted on this device before it is sent, with no request at all', async () => {
    const server = script([]);
    online = false;
    renderSignedIn(<OfflineProfile />, userFixture);
    await addTask('Book the cleaner');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Book the cleaner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Task' });
    fireEvent.change(within(dialog).getByLabelText('Title'), {
      target: { value: 'Book the window cleaner' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('Book the window cleaner')).toBeTruthy());
    expect(within(rowOf('Book the window cleaner')).getByRole('status').textContent).toBe(
      PENDING_CHANGE_TEXT,
    );
    expect(pendingTaskCreations.snapshot()).toMatchObject([{ task: { title: 'Book the window cleaner' } }]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Book the window cleaner' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete task?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No personal tasks yet')).toBeTruthy();
    expect(pendingTaskCreations.snapshot()).toEqual([]);
    goOnline();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.writes()).toEqual([]);
  });
});

describe('a personal task deleted on this device', () => {
  it('whose DELETE the server refuses is listed again with the refusal, until the seller keeps it or tries again', async () => {
    const task = personalTaskFixture('t1', 'Book the cleaner');
    const deletes: string[] = [];
    scriptApi({
      'GET /api/user-groups': () => json(200, []),
      'GET /api/clients/current/journey': () => json(200, { stages: [] }),
      'GET /api/clients/current/custom-tasks': () => json(200, [task]),
      'DELETE /api/clients/current/custom-tasks/t1': () => {
        deletes.push('t1');
        return json(403, { message: 'You cannot delete this task', code: 'FORBIDDEN' });
      },
    });
    // Made here, its POST unanswered (the server had it after all), then deleted while offline.
    await keepDeletion('Book the cleaner');
    renderSignedIn(<OfflineProfile />, userFixture);

    const note = await screen.findByTestId('task-sync-refused');
    expect(note.textContent).toContain('Not deleted: You cannot delete this task');
    expect(deletes).toEqual(['t1']);
    expect(within(rowOf('Book the cleaner')).getByTestId('task-sync-refused')).toBe(note);

    fireEvent.click(within(note).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(deletes).toEqual(['t1', 't1']));
    fireEvent.click(await screen.findByRole('button', { name: 'Keep this task' }));
    await waitFor(() => expect(screen.queryByTestId('task-sync-refused')).toBeNull());
    expect(pendingTaskCreations.snapshot()).toEqual([]);
    expect(screen.getByText('Book the cleaner')).toBeTruthy();
  });
});

async function editTitle(title: string, newTitle: string): Promise<void> {
  fireEvent.click(await screen.findByRole('button', { name: `Edit ${title}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Task' });
  fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: newTitle } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.getByText(newTitle)).toBeTruthy());
}

async function deleteTask(title: string): Promise<void> {
  fireEvent.click(await screen.findByRole('button', { name: `Delete ${title}` }));
  const confirm = await screen.findByRole('alertdialog', { name: 'Delete task?' });
  fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
}

describe('a synced personal task deleted offline', () => {
  it('is gone from the list at once, kept on this device with no request, and its DELETE goes once back online', async () => {
    const server = script([personalTaskFixture('t1', 'Fix the gate')]);
    online = false;
    renderSignedIn(<OfflineProfile />, userFixture);
    await screen.findByText('Fix the gate');
    await deleteTask('Fix the gate');
    expect(await screen.findByText('No personal tasks yet')).toBeTruthy();
    expect(getToasts().map((toast) => toast.title)).toContain('Saved on this device');
    expect(server.writes()).toEqual([]);
    expect(pendingTaskCreations.snapshot()).toMatchObject([
      { userId: 'user-1', taskId: 't1', deleted: true, task: { title: 'Fix the gate' } },
    ]);

    goOnline();
    await waitFor(() => expect(pendingTaskCreations.snapshot()).toEqual([]));
    expect(server.writes()).toEqual([
      { method: 'DELETE', url: '/api/clients/current/custom-tasks/t1', body: undefined },
    ]);
    expect(screen.getByText('No personal tasks yet')).toBeTruthy();
    await waitFor(() => expect(getToasts().map((toast) => toast.title)).toContain('Changes synced'));
  });

  it('whose DELETE went out once but whose answer was lost (the page went first): sent again, it finds none, and that is the deletion synced', async () => {
    // The server took the first DELETE; the device kept the deletion, as no answer came.
    const server = script([]);
    await keepDeletion('Fix the gate');
    renderSignedIn(<OfflineProfile />, userFixture);
    await waitFor(() => expect(getToasts().map((toast) => toast.title)).toContain('Changes synced'));
    expect(getToasts().map((toast) => toast.title)).not.toContain('Not synced');
    expect(pendingTaskCreations.snapshot()).toEqual([]);
    expect(server.writes().map((call) => `${call.method} ${call.url}`)).toEqual([
      'DELETE /api/clients/current/custom-tasks/t1',
    ]);
    expect(await screen.findByText('No personal tasks yet')).toBeTruthy();
  });

  it('takes the changes kept for it along: back online only its DELETE goes', async () => {
    const server = script([personalTaskFixture('t1', 'Fix the gate')]);
    online = false;
    renderSignedIn(<OfflineProfile />, userFixture);
    await editTitle('Fix the gate', 'Fix the front gate');
    expect(pendingTaskChanges.snapshot()).toHaveLength(1);

    await deleteTask('Fix the front gate');
    expect(await screen.findByText('No personal tasks yet')).toBeTruthy();
    expect(pendingTaskChanges.snapshot()).toEqual([]);
    goOnline();
    await waitFor(() => expect(pendingTaskCreations.snapshot()).toEqual([]));
    expect(server.writes().map((call) => `${call.method} ${call.url}`)).toEqual([
      'DELETE /api/clients/current/custom-tasks/t1',
    ]);
  });

  it('online, is deleted at once; already deleted elsewhere (404), it is gone all the same', async () => {
    const server = script([personalTaskFixture('t1', 'Fix the gate')]);
    renderSignedIn(<OfflineProfile />, userFixture);
    await screen.findByText('Fix the gate');
    // Another device deletes it first: this one's DELETE finds none.
    await fetch('/api/clients/current/custom-tasks/t1', { method: 'DELETE' });
    await deleteTask('Fix the gate');
    await waitFor(() =>
      expect(getToasts().map((toast) => toast.title)).toContain('Task deleted successfully'),
    );
    expect(getToasts().map((toast) => toast.title)).not.toContain('Failed to delete task');
    expect(await screen.findByText('No personal tasks yet')).toBeTruthy();
    expect(pendingTaskCreations.snapshot()).toEqual([]);
    expect(server.writes().map((call) => `${call.method} ${call.url}`)).toEqual([
      'DELETE /api/clients/current/custom-tasks/t1',
      'DELETE /api/clients/current/custom-tasks/t1',
    ]);
  });
});

describe('the profile offline', () => {
  it('opens Custom Tasks though the groups were never read (their read waits for the network), and says so on My Groups', async () => {
    const server = script([]);
    const answer = vi.mocked(fetch).getMockImplementation();
    vi.mocked(fetch).mockImplementation(async (input, init) =>
      String(input) === '/api/user-groups'
        ? Promise.reject(new TypeError('Failed to fetch'))
        : (answer?.(input, init) ?? Promise.reject(new Error('no script'))),
    );
    online = false;
    onlineManager.setOnline(false);
    renderSignedIn(<OfflineProfile />, userFixture);
    await addTask('Book the cleaner');
    expect(within(rowOf('Book the cleaner')).getByRole('status').textContent).toBe(PENDING_CHANGE_TEXT);
    expect(server.writes()).toEqual([]);
    window.dispatchEvent(new CustomEvent(PROFILE_TAB_CHANGE_EVENT, { detail: 'groups' }));
    expect(await screen.findByText('We could not load your groups.')).toBeTruthy();
  });
});

describe('a personal task changed offline', () => {
  it('shows its new title at once, and the change goes out as its PUT when the browser is back online', async () => {
    const server = script([personalTaskFixture('t1', 'Fix the gate')]);
    online = false;
    renderSignedIn(<OfflineProfile />, userFixture);
    await editTitle('Fix the gate', 'Fix the front gate');
    expect(within(rowOf('Fix the front gate')).getByRole('status').textContent).toBe(PENDING_CHANGE_TEXT);
    expect(server.writes()).toEqual([]);

    goOnline();
    await waitFor(() => expect(screen.queryByText(PENDING_CHANGE_TEXT)).toBeNull());
    expect(server.writes()).toEqual([
      {
        method: 'PUT',
        url: '/api/clients/current/custom-tasks/t1',
        body: expect.objectContaining({ title: 'Fix the front gate' }),
      },
    ]);
    expect(screen.getByText('Fix the front gate')).toBeTruthy();
  });
});
