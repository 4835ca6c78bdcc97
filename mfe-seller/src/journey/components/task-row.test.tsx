import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '@listready/ui';
import { aPublicUser } from '@listready/contracts/fixtures';
import { renderWithSession } from '@listready/web-client/testing';
import { useTaskEntries } from '../hooks/use-journey-queries.ts';
import type { TaskEntry } from '../utils/journey-api.ts';
import { rowOfEntry } from '../utils/journey-view.ts';
import { TaskRow } from './task-row.tsx';

vi.mock('../utils/confetti-burst.ts', () => ({ confettiBurst: vi.fn(async () => undefined) }));
const { confettiBurst } = await import('../utils/confetti-burst.ts');

const task: TaskEntry = {
  id: 'ct-1',
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
    id: 't-1',
    slug: 'declutter-1',
    stageId: 'declutter',
    kind: 'predefined',
    title: 'Clear kitchen counters',
    description: null,
    category: null,
    estimatedHours: 1,
    priority: 'high',
    isOptional: false,
    orderIndex: 1,
  },
  clientTask: {
    id: 'ct-1',
    taskId: 't-1',
    title: 'Clear kitchen counters',
    status: 'pending',
    dueDate: null,
    assignedTo: null,
    notes: null,
    priority: 'high',
    completedAt: null,
    completedBy: null,
    updatedAt: '2030-01-01T00:00:00.000Z',
  },
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The list as the journey shows it: rows read from the cached task list. */
function TaskList() {
  const tasks = useTaskEntries();
  return (
    <ul>
      {tasks.data?.map((entry) => (
        <TaskRow key={entry.id} task={rowOfEntry(entry)} />
      ))}
    </ul>
  );
}

/** The task list with `put` answering saves; `signedIn` puts that user in the session first. */
function renderList(
  put: (body: Record<string, unknown>) => Response,
  { signedIn, serverNotes = null }: { signedIn?: string; serverNotes?: string | null } = {},
) {
  const bodies: Record<string, unknown>[] = [];
  let current = withStatus('pending', serverNotes);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'PUT' && url === '/api/client-tasks/ct-1') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        bodies.push(body);
        const response = put(body);
        if (response.ok) current = (await response.clone().json()) as TaskEntry;
        // A note someone else saved: the server's task is the one in the answer.
        if (response.status === 409)
          current = ((await response.clone().json()) as { current: TaskEntry }).current;
        return response;
      }
      if (url === '/api/clients/current/tasks') return json(200, [current]);
      if (url === '/api/clients/current/journey') return json(200, {});
      return json(404, { message: 'not scripted' });
    }),
  );
  const { queryClient } = renderWithSession(
    <TaskList />,
    signedIn ? aPublicUser({ id: signedIn }) : undefined,
  );
  savedElsewhere = async (notes: string) => {
    current = { ...current, clientTask: { ...current.clientTask, notes } };
    await queryClient.invalidateQueries({ queryKey: ['/api/clients/current/tasks'] });
  };
  return bodies;
}

/** Someone else saves `notes`; the list is read again, as the live household makes it happen. */
let savedElsewhere: (notes: string) => Promise<void> = async () => undefined;

const withStatus = (status: 'pending' | 'completed', notes: string | null = null): TaskEntry => ({
  ...task,
  clientTask: { ...task.clientTask, status, notes },
});

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('TaskRow', () => {
  it('completes a task: PUT status, Task Completed! toast and a confetti burst', async () => {
    const bodies = renderList(() => json(200, withStatus('completed')));
    fireEvent.click(await screen.findByRole('button', { name: 'Mark Complete' }));
    await screen.findByRole('button', { name: 'Mark Incomplete' });
    await waitFor(() => expect(getToasts()[0]?.title).toBe('Task Completed!'));
    expect(bodies).toEqual([{ status: 'completed' }]);
    expect(confettiBurst).toHaveBeenCalledOnce();
  });

  it('rolls back with the spec error toast when the update fails', async () => {
    renderList(() => json(500, { message: 'boom' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Mark Complete' }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: 'Error',
        description: 'Failed to update task status. Please try again.',
        variant: 'destructive',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Mark Complete' })).toBeTruthy();
    expect(confettiBurst).not.toHaveBeenCalled();
  });

  it('says a task gone from the journeys one may change (404) needs a reload, not another try', async () => {
    renderList(() => json(404, { message: 'Task not found', code: 'NOT_FOUND' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Mark Complete' }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: 'Error',
        description:
          'This task is no longer in a journey you can change. Reload the page to see your journeys as they are now.',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Mark Complete' })).toBeTruthy();
  });

  it('keeps unsaved notes when the notes are closed and across a reload, until they are saved', async () => {
    const bodies = renderList((body) => json(200, withStatus('pending', String(body.notes))), {
      signedIn: 'user-1',
    });
    const notesButton = () => screen.findByRole('button', { name: 'Notes: Clear kitchen counters' });
    const editor = () => screen.getByLabelText('Notes for Clear kitchen counters') as HTMLTextAreaElement;
    fireEvent.click(await notesButton());
    fireEvent.change(editor(), { target: { value: 'Boxes in the garage' } });
    // Closed and opened again: the words are still there, still unsaved.
    fireEvent.click(await notesButton());
    expect(screen.queryByLabelText('Notes for Clear kitchen counters')).toBeNull();
    fireEvent.click(await notesButton());
    expect(editor().value).toBe('Boxes in the garage');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();

    // A reload (a new page, its own caches): the notes open by themselves with the words.
    cleanup();
    renderList((body) => json(200, withStatus('pending', String(body.notes))), { signedIn: 'user-1' });
    await waitFor(() => expect(editor().value).toBe('Boxes in the garage'));
    expect((await notesButton()).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    expect(bodies).toEqual([]);

    // Saved: nothing is kept any more, and the next load opens no notes.
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Shared with group');
    expect(window.sessionStorage.length).toBe(0);
    cleanup();
    renderList(() => json(500, {}), { signedIn: 'user-1', serverNotes: 'Boxes in the garage' });
    expect((await notesButton()).getAttribute('aria-expanded')).toBe('false');
  });

  it('a kept draft is this person’s own, and one older than what someone else saved shows both versions', async () => {
    renderList(() => json(500, {}), { signedIn: 'user-1' });
    fireEvent.click(await screen.findByRole('button', { name: 'Notes: Clear kitchen counters' }));
    fireEvent.change(screen.getByLabelText('Notes for Clear kitchen counters'), {
      target: { value: 'Mine, unsaved' },
    });
    cleanup();
    // Another person signed in on this tab does not get it.
    renderList(() => json(500, {}), { signedIn: 'user-2' });
    const notesButton = await screen.findByRole('button', { name: 'Notes: Clear kitchen counters' });
    expect(notesButton.getAttribute('aria-expanded')).toBe('false');
    cleanup();
    // Meanwhile someone else saved the task's notes: both versions, to choose from.
    renderList(() => json(500, {}), { signedIn: 'user-1', serverNotes: 'Theirs, saved' });
    const conflict = await screen.findByTestId('notes-conflict');
    expect(screen.getByTestId('their-notes').textContent).toBe('Theirs, saved');
    expect((screen.getByLabelText('Notes for Clear kitchen counters') as HTMLTextAreaElement).value).toBe(
      'Mine, unsaved',
    );
    fireEvent.click(within(conflict).getByRole('button', { name: 'Use theirs' }));
    await waitFor(() => expect(window.sessionStorage.length).toBe(0));
  });

  it('edits notes: counter, Unsaved changes, Save, then Shared with group', async () => {
    const bodies = renderList((body) => json(200, withStatus('pending', String(body.notes))));
    fireEvent.click(await screen.findByRole('button', { name: 'Notes: Clear kitchen counters' }));
    const editor = screen.getByLabelText('Notes for Clear kitchen counters');
    expect(screen.getByTestId('notes-counter').textContent).toBe('0/500');
    fireEvent.change(editor, { target: { value: 'Boxes in the garage' } });
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    expect(screen.getByTestId('notes-counter').textContent).toBe('19/500');
    fireEvent.change(editor, { target: { value: 'x'.repeat(520) } });
    expect(screen.getByTestId('notes-counter').textContent).toBe('500/500');
    fireEvent.change(editor, { target: { value: 'Boxes in the garage' } });

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Shared with group');
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(bodies).toEqual([{ notes: 'Boxes in the garage', baseNotes: '' }]);
    await waitFor(() => expect(getToasts()[0]?.title).toBe('Notes saved'));
  });

  it('a note saved meanwhile by someone else: 409, both versions shown, Keep both saves mine then theirs', async () => {
    const bodies = renderList((body) =>
      body.baseNotes === ''
        ? json(409, {
            message: 'Someone else changed these notes while you were editing. Choose what to keep.',
            code: 'NOTES_CONFLICT',
            current: withStatus('pending', 'Paint: white, two coats'),
          })
        : json(200, withStatus('pending', String(body.notes))),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Notes: Clear kitchen counters' }));
    const editor = screen.getByLabelText<HTMLTextAreaElement>('Notes for Clear kitchen counters');
    fireEvent.change(editor, { target: { value: 'Paint: grey' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByTestId('their-notes')).textContent).toBe('Paint: white, two coats');
    expect(editor.value).toBe('Paint: grey');
    await waitFor(() =>
      expect(getToasts()[0]?.description).toBe(
        'Someone else changed these notes while you were editing. Choose what to keep.',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Keep both' }));
    expect(editor.value).toBe('Paint: grey\nPaint: white, two coats');
    expect(screen.queryByTestId('notes-conflict')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Shared with group');
    expect(bodies).toEqual([
      { notes: 'Paint: grey', baseNotes: '' },
      { notes: 'Paint: grey\nPaint: white, two coats', baseNotes: 'Paint: white, two coats' },
    ]);
  });

  it("follows others' notes while nothing is written here; shows theirs beside mine while I write", async () => {
    const bodies = renderList((body) => json(200, withStatus('pending', String(body.notes))));
    fireEvent.click(await screen.findByRole('button', { name: 'Notes: Clear kitchen counters' }));
    const editor = screen.getByLabelText<HTMLTextAreaElement>('Notes for Clear kitchen counters');
    await savedElsewhere('From Max');
    await waitFor(() => expect(editor.value).toBe('From Max'));
    expect(screen.queryByTestId('notes-conflict')).toBeNull();

    fireEvent.change(editor, { target: { value: 'From Max, and me' } });
    await savedElsewhere('From Max, edited');
    expect((await screen.findByTestId('their-notes')).textContent).toBe('From Max, edited');
    expect(editor.value).toBe('From Max, and me');
    fireEvent.click(screen.getByRole('button', { name: 'Use theirs' }));
    expect(editor.value).toBe('From Max, edited');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(bodies).toEqual([]);
  });
});
