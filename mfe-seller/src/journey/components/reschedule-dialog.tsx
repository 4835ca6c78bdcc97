import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  DEFAULT_REMINDER_MINUTES,
  DUE_DATE_INPUT_RANGE,
  REMINDER_LEADS,
  reminderWhenText,
  type TaskPriority,
} from '@listready/contracts/journey';
import { Button, LazyModalDialog } from '@listready/ui';
import { sessionQuery } from '@listready/web-client';
import { useClientProfile, useJourney } from '../hooks/use-journey-queries.ts';
import { useHouseholdMemberNames } from '../hooks/use-household.ts';
import {
  reminderOf,
  reminderTaskOf,
  useSetTaskReminder,
  useTaskReminders,
} from '../hooks/use-task-reminders.ts';
import { useUpdateClientTask, useUpdateCustomTask } from '../hooks/use-task-updates.ts';
import type { TaskRowModel } from '../utils/journey-view.ts';
import { pastDueHint } from '../utils/past-due.ts';
import { reschedulePayload, type RescheduleForm } from '../utils/reschedule-payload.ts';
import { AssigneeInput } from './assignee-input.tsx';

const fieldClass = 'mt-1 block w-full rounded-md border border-surface-border bg-page p-2 text-sm text-ink';

/** The Reschedule Task dialog (spec seller §2, §5). */
export function RescheduleDialog({
  task,
  open,
  onOpenChange,
}: {
  task: TaskRowModel;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [initial] = useState<RescheduleForm>(() => ({
    dueDate: task.dueDate ?? '',
    assignedTo: task.assignedTo ?? '',
    priority: task.priority,
  }));
  const [form, setForm] = useState<RescheduleForm>(initial);
  const updateTask = useUpdateClientTask();
  const updateCustomTask = useUpdateCustomTask();
  // The journey's seller (the profile names them), whose household's people are offered.
  const profile = useClientProfile(task.canEditDetails);
  const memberNames = useHouseholdMemberNames(profile.data?.client.userId);
  // The journey's today (the seller's time zone), which decides what shows as overdue.
  const today = useJourney().data?.summary.today;
  const dueHint = pastDueHint(form.dueDate, today);
  const dueHintId = useId();
  // Remind me: the person's own time for this task ('' follows their profile's), shown once read.
  const profileMinutes = useQuery(sessionQuery).data?.notificationPreferences.reminderMinutes;
  const reminders = useTaskReminders({ everyOpen: true });
  const reminderTask = reminderTaskOf(task);
  const savedReminder = reminderOf(reminders.data, reminderTask);
  const [reminder, setReminder] = useState<string | undefined>(undefined);
  const shownReminder = reminder ?? (savedReminder === null ? '' : String(savedReminder));
  const setTaskReminder = useSetTaskReminder();
  const reminderHintId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Nothing of the task changed (only its reminder, or nothing at all): nothing to send.
    const changed =
      form.dueDate !== initial.dueDate ||
      form.assignedTo.trim() !== initial.assignedTo.trim() ||
      form.priority !== initial.priority;
    const patch = changed ? reschedulePayload(form, task.canEditDetails) : null;
    if (patch) {
      const mutation = task.source === 'custom' ? updateCustomTask : updateTask;
      mutation.mutate({ id: task.id, patch });
    }
    if (reminders.isSuccess && reminder !== undefined && reminder !== String(savedReminder ?? '')) {
      setTaskReminder.mutate({
        reminder: {
          source: reminderTask.source,
          taskId: task.id,
          minutes: reminder === '' ? null : Number(reminder),
        },
        announce: patch === null,
      });
    }
    onOpenChange(false);
  };

  return (
    <LazyModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Reschedule Task"
      description={
        task.canEditDetails
          ? `Pick a new date, who does it and how urgent "${task.title}" is.`
          : `Pick a new date for "${task.title}". Its assignee and priority come with the journey and cannot be changed.`
      }
    >
      <form className="mt-4 space-y-4" onSubmit={submit}>
        <label className="block text-sm font-medium">
          Due date
          <input
            type="date"
            {...DUE_DATE_INPUT_RANGE}
            className={fieldClass}
            value={form.dueDate}
            aria-describedby={dueHint ? dueHintId : undefined}
            onChange={(event) => setForm({ ...form, dueDate: event.target.value })}
          />
        </label>
        {dueHint && (
          <p id={dueHintId} className="-mt-2 text-sm text-ink-muted">
            {dueHint}
          </p>
        )}
        <label className="block text-sm font-medium">
          Remind me
          <select
            className={fieldClass}
            value={shownReminder}
            disabled={!reminders.isSuccess}
            aria-describedby={reminderHintId}
            onChange={(event) => setReminder(event.target.value)}
          >
            <option value="">Usual: {reminderWhenText(profileMinutes ?? DEFAULT_REMINDER_MINUTES)}</option>
            {REMINDER_LEADS.map((minutes) => (
              <option key={minutes} value={String(minutes)}>
                {reminderWhenText(minutes)}
              </option>
            ))}
          </select>
        </label>
        <p id={reminderHintId} className="-mt-2 text-sm text-ink-muted">
          {reminders.isError
            ? 'Your reminder time for this task could not be read; close and open again to change it.'
            : 'Usual is the time on your profile. Reminders go to the seller and to whoever the task is assigned to.'}
        </p>
        {task.canEditDetails && (
          <>
            <label className="block text-sm font-medium">
              Assigned to
              <AssigneeInput
                names={memberNames}
                className={fieldClass}
                value={form.assignedTo}
                placeholder="A family member's name"
                onChange={(event) => setForm({ ...form, assignedTo: event.target.value })}
              />
            </label>
            <label className="block text-sm font-medium">
              Priority
              <select
                className={fieldClass}
                value={form.priority}
                onChange={(event) => setForm({ ...form, priority: event.target.value as TaskPriority })}
              >
                <option value="high">High</option>
                <option value="medium">Medium</option>
                <option value="low">Low</option>
              </select>
            </label>
          </>
        )}
        <div className="dialog-actions">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit">Save</Button>
        </div>
      </form>
    </LazyModalDialog>
  );
}
