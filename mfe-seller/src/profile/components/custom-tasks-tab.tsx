import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, Pencil, Plus, Trash2, User } from 'lucide-react';
import { journeyResponseSchema, type CustomTask } from '@listready/contracts/journey';
import type { PublicUser } from '@listready/contracts/auth';
import { Button, Card, LoadingSpinner } from '@listready/ui';
import { apiClient, apiQuery, dayLabel } from '@listready/web-client';
import { keptWorkFor, PendingNote } from '../../journey/components/pending-note.tsx';
import { useHouseholdMemberNames } from '../../journey/hooks/use-household.ts';
import {
  usePendingTaskChanges,
  usePendingTaskCreations,
} from '../../journey/hooks/use-offline-task-changes.ts';
import { journeyReadRetry } from '../../journey/hooks/use-journey-queries.ts';
import { JOURNEY_URL } from '../../journey/utils/journey-api.ts';
import { useDeletePersonalTask, usePersonalTasks } from '../hooks/use-profile-requests.ts';
import { Badge, PRIORITY_BADGE_VARIANT } from './badge.tsx';
import { LazyConfirmDialog } from './lazy-confirm-dialog.tsx';
import { PersonalTaskFormDialog } from './personal-task-form-dialog.tsx';

type Editing = { mode: 'add' } | { mode: 'edit'; task: CustomTask } | null;

/** Custom Tasks: My Personal Tasks with add, edit and delete (a confirmation naming the task). */
export function CustomTasksTab({ user }: { user: PublicUser }) {
  const isClient = user.role === 'client';
  const tasks = usePersonalTasks(isClient);
  // The seller's own stages, for the stage badge and the form's stage choice.
  const journey = useQuery({
    ...apiQuery(apiClient, JOURNEY_URL, journeyResponseSchema),
    ...journeyReadRetry,
    enabled: isClient,
  });
  const memberNames = useHouseholdMemberNames(isClient ? user.id : undefined);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<CustomTask | null>(null);
  const remove = useDeletePersonalTask({ onSuccess: () => setDeleting(null) });
  const changes = usePendingTaskChanges();
  const creations = usePendingTaskCreations();
  const keptWork = (task: CustomTask) =>
    keptWorkFor(
      creations.find((creation) => creation.taskId === task.id),
      changes.find((change) => change.source === 'custom' && change.taskId === task.id),
    );

  if (!isClient) {
    return (
      <Card className="p-6">
        <p className="text-ink-muted">Personal tasks belong to a home seller&apos;s journey.</p>
      </Card>
    );
  }

  const stages = (journey.data?.stages ?? []).map((stage) => ({ id: stage.id, title: stage.title }));
  const stageTitle = (id: string | null) => stages.find((stage) => stage.id === id)?.title;
  const list = tasks.data ?? [];
  const closeForm = (open: boolean) => {
    if (!open) setEditing(null);
  };

  return (
    <Card className="p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">My Personal Tasks</h2>
        {list.length > 0 && (
          <Button onClick={() => setEditing({ mode: 'add' })}>
            <Plus aria-hidden="true" className="size-4" />
            Add Task
          </Button>
        )}
      </div>
      {tasks.isPending ? (
        <div className="flex justify-center py-8">
          <LoadingSpinner />
        </div>
      ) : tasks.isError ? (
        <p role="alert" className="mt-4 text-sm">
          We could not load your tasks.
        </p>
      ) : list.length === 0 ? (
        <div className="mt-6 flex flex-col items-center gap-3 py-6 text-center">
          <p className="text-ink-muted">No personal tasks yet</p>
          <Button onClick={() => setEditing({ mode: 'add' })}>
            <Plus aria-hidden="true" className="size-4" />
            Add Your First Task
          </Button>
        </div>
      ) : (
        <ul className="mt-4 space-y-3">
          {list.map((task) => {
            const stage = stageTitle(task.stageId);
            const kept = keptWork(task);
            return (
              <li
                key={task.id}
                className="rounded-lg border border-surface-border p-4 wrap-anywhere"
                data-testid="personal-task"
                data-task-title={task.title}
              >
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h3 className="min-w-0 font-semibold break-words">{task.title}</h3>
                  <div className="flex flex-wrap gap-2">
                    <Badge variant={PRIORITY_BADGE_VARIANT[task.priority]} className="capitalize">
                      {task.priority}
                    </Badge>
                    {stage && <Badge variant="outline">{stage}</Badge>}
                  </div>
                </div>
                {task.description && (
                  <p className="mt-2 text-sm break-words text-ink-muted">{task.description}</p>
                )}
                <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-muted">
                  {task.assignedTo && (
                    <span className="flex items-center gap-1">
                      <User aria-hidden="true" className="size-4" />
                      Assigned to {task.assignedTo}
                    </span>
                  )}
                  {task.dueDate && (
                    <span className="flex items-center gap-1">
                      <CalendarClock aria-hidden="true" className="size-4" />
                      Due {dayLabel(task.dueDate)}
                    </span>
                  )}
                </div>
                {kept && <PendingNote work={kept} />}
                <div className="mt-3 flex gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Edit ${task.title}`}
                    onClick={() => setEditing({ mode: 'edit', task })}
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Delete ${task.title}`}
                    onClick={() => setDeleting(task)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    Delete
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {editing && (
        <PersonalTaskFormDialog
          key={editing.mode === 'edit' ? editing.task.id : 'add'}
          task={editing.mode === 'edit' ? editing.task : undefined}
          stages={stages}
          memberNames={memberNames}
          open
          onOpenChange={closeForm}
        />
      )}
      {deleting && (
        <LazyConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setDeleting(null);
          }}
          title="Delete task?"
          description={`Are you sure you want to delete "${deleting.title}"? This action cannot be undone.`}
          confirmLabel="Delete"
          pending={remove.isPending}
          onConfirm={() => remove.mutate(deleting)}
        />
      )}
    </Card>
  );
}
