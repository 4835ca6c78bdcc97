import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '@listready/ui';
import { useTaskEntries } from '../hooks/use-journey-queries.ts';
import {
  PENDING_CHANGE_TEXT,
  SYNC_RETRY_FIRST_MS,
  SYNC_RETRY_MAX_MS,
  useOfflineSync,
} from '../hooks/use-offline-task-changes.ts';
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
  window.sessionStorage.clear();
  for (const change of pendingTaskChanges.snapshot()) await pendingTaskChanges.remove(change.key);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
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

describe('a completion whose request got no answer, made online', () => {
  it('is kept, and sent again while the page stays open: 30 s later, then at doubling intervals', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    expect([SYNC_RETRY_FIRST_MS, SYNC_RETRY_MAX_MS]).toEqual([30_000, 300_000]);
    let tries = 0;
    const calls = script(() => {
      tries += 1;
      // The first two are taken by a network that drops them; the third is answered.
      if (tries <= 2) throw new TypeError('Failed to fetch');
      return json(200, completed(task));
    });
    const puts = () => calls.filter((call) => call.method === 'PUT').length;
    renderSignedIn(<OfflineJourney />);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark Complete' }));
    await screen.findByText(PENDING_CHANGE_TEXT);
    expect(puts()).toBe(1);
    await vi.advanceTimersByTimeAsync(SYNC_RETRY_FIRST_MS - 1_000);
    expect(puts()).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await waitFor(() => expect(puts()).toBe(2));
    expect(screen.getByText(PENDING_CHANGE_TEXT)).toBeTruthy();
    // Then twice as long.
    await vi.advanceTimersByTimeAsync(2 * SYNC_RETRY_FIRST_MS - 1_000);
    expect(puts()).toBe(2);
    await vi.advanceTimersByTimeAsync(1_000);
    await waitFor(() => expect(screen.queryByText(PENDING_CHANGE_TEXT)).toBeNull());
    expect(puts()).toBe(3);
    expect(pendingTaskChanges.snapshot()).toEqual([]);
    await waitFor(() => expect(getToasts().map((toast) => toast.title)).toContain('Changes synced'));
    // Nothing waits: no round after.
    await vi.advanceTimersByTimeAsync(SYNC_RETRY_MAX_MS);
    expect(puts()).toBe(3);
  });

  it('is not sent again while the browser says it is offline: coming back online sends it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const calls = script(() => json(200, completed(task)));
    online = false;
    renderSignedIn(<OfflineJourney />);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark Complete' }));
    await screen.findByText(PENDING_CHANGE_TEXT);
    await vi.advanceTimersByTimeAsync(SYNC_RETRY_MAX_MS);
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    goOnline();
    await waitFor(() => expect(screen.queryByText(PENDING_CHANGE_TEXT)).toBeNull());
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });
});

describe('notes written offline', () => {
  const CONFLICT = 'Someone else changed these notes while you were editing. Choose what to keep.';
  const withNotes = (notes: string | null): TaskEntry => ({
    ...task,
    clientTask: { ...task.clientTask, notes },
  });

  /** The server's task: a save against notes it no longer has is 409 with its own, as the journey service answers. */
  function scriptNotes(serverNotes: () => string | null) {
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    let saved: string | null = null;
    const current = () => withNotes(saved ?? serverNotes());
    const calls = scriptApi({
      'GET /api/clients/current/tasks': () => json(200, [current()]),
      'GET /api/clients/current/journey': () => json(200, {}),
      'PUT /api/client-tasks/ct-1': (body) => {
        const { notes, baseNotes } = body as { notes: string; baseNotes?: string };
        const now = current().clientTask.notes ?? '';
        if (baseNotes !== undefined && baseNotes !== now)
          return json(409, { message: CONFLICT, code: 'NOTES_CONFLICT', current: current() });
        saved = notes;
        return json(200, current());
      },
    });
    return () => calls.filter((call) => call.method === 'PUT').map((call) => call.body);
  }

  async function saveNotes(words: string): Promise<void> {
    const editor = screen.getByLabelText<HTMLTextAreaElement>('Notes for Clear kitchen counters');
    fireEvent.change(editor, { target: { value: words } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull());
  }

  it('are kept, shown as saved here and not shared yet, and sent once back online against the notes they started from', async () => {
    const puts = scriptNotes(() => null);
    online = false;
    renderSignedIn(<OfflineJourney />);
    fireEvent.click(await screen.findByRole('button', { name: 'Notes: Clear kitchen counters' }));
    await saveNotes('Bring boxes');
    expect((await screen.findByRole('status')).textContent).toBe(PENDING_CHANGE_TEXT);
    // Nobody else has them yet: not "Shared with group" until they are sent.
    await screen.findByText('Saved on this device, not shared yet');
    expect(screen.queryByText('Shared with group')).toBeNull();
    // Written again, still offline: one wish, still against the notes the server had.
    await saveNotes('Bring boxes and tape');
    expect(pendingTaskChanges.snapshot()).toMatchObject([
      { source: 'notes', patch: { notes: 'Bring boxes and tape', baseNotes: '' } },
    ]);
    expect(puts()).toEqual([]);

    goOnline();
    await waitFor(() => expect(screen.queryByText(PENDING_CHANGE_TEXT)).toBeNull());
    expect(puts()).toEqual([{ notes: 'Bring boxes and tape', baseNotes: '' }]);
    expect(pendingTaskChanges.snapshot()).toEqual([]);
    await screen.findByText('Shared with group');
  });

  it('refused because someone else saved first: both versions in the notes, and Keep mine sends against theirs', async () => {
    let theirs: string | null = null;
    const puts = scriptNotes(() => theirs);
    online = false;
    renderSignedIn(<OfflineJourney />);
    fireEvent.click(await screen.findByRole('button', { name: 'Notes: Clear kitchen counters' }));
    await saveNotes('Bring boxes');
    await screen.findByText(PENDING_CHANGE_TEXT);
    theirs = 'Measure the hall';

    goOnline();
    await screen.findByText(`Not synced: ${CONFLICT}`);
    expect((await screen.findByTestId('their-notes')).textContent).toBe('Measure the hall');
    const editor = screen.getByLabelText<HTMLTextAreaElement>('Notes for Clear kitchen counters');
    expect(editor.value).toBe('Bring boxes');
    // Sent again as it was, it would be refused again: the choice is made in the notes.
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Keep mine' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByText(`Not synced: ${CONFLICT}`)).toBeNull());
    expect(puts()).toEqual([
      { notes: 'Bring boxes', baseNotes: '' },
      { notes: 'Bring boxes', baseNotes: 'Measure the hall' },
    ]);
    expect(pendingTaskChanges.snapshot()).toEqual([]);
  });

  it('opened again after a reload while refused, show both versions straight away', async () => {
    const puts = scriptNotes(() => 'Measure the hall');
    await pendingTaskChanges.save({
      key: 'user-1 notes ct-1',
      userId: 'user-1',
      source: 'notes',
      taskId: 'ct-1',
      url: '/api/client-tasks/ct-1',
      patch: { notes: 'Bring boxes', baseNotes: '' },
      savedAt: '2030-01-01T10:00:00.000Z',
      refusal: CONFLICT,
    });
    renderSignedIn(<OfflineJourney />);
    expect((await screen.findByTestId('their-notes')).textContent).toBe('Measure the hall');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Notes for Clear kitchen counters').value).toBe(
      'Bring boxes',
    );
    expect(puts()).toEqual([]);
  });
});
