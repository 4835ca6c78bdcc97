import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  customTaskCreateSchema,
  DUE_DATE_INPUT_RANGE,
  type CustomTask,
  type CustomTaskCreate,
  type CustomTaskCreateForm,
} from '@listready/contracts/journey';
import { Button, LazyModalDialog } from '@listready/ui';
import { AssigneeInput } from '../../journey/components/assignee-input.tsx';
import { pastDueHint, todayIn } from '../../journey/utils/past-due.ts';
import { useCreatePersonalTask, useEditPersonalTask } from '../hooks/use-profile-requests.ts';
import { controlClasses, FormField, TextInput } from './form-field.tsx';

export interface StageOption {
  id: string;
  title: string;
}

/** Where Add Task puts the task when not on the person's own list: a household's journey. */
export interface TaskDestination {
  /** The custom tasks URL of that journey (`?clientId=`). */
  url: string;
  /** The dialog's description, saying whose journey it is. */
  description: string;
}

/** Add or edit a personal task: title required; stage none, empty date and assignee sent as null. */
export function PersonalTaskFormDialog({
  task,
  addTo,
  stages,
  memberNames,
  open,
  onOpenChange,
}: {
  task?: CustomTask;
  addTo?: TaskDestination | undefined;
  stages: readonly StageOption[];
  memberNames: readonly string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  // Today where the person is (the browser's zone, theirs as a rule; the journey counts in the
  // seller's, which only a member elsewhere would see differ by a day).
  const today = todayIn(undefined);
  const form = useForm<CustomTaskCreateForm, unknown, CustomTaskCreate>({
    resolver: zodResolver(customTaskCreateSchema),
    defaultValues: {
      title: task?.title ?? '',
      description: task?.description ?? '',
      priority: task?.priority ?? 'medium',
      dueDate: task?.dueDate ?? '',
      assignedTo: task?.assignedTo ?? '',
      stageId: task?.stageId ?? '',
    },
  });
  // A new task's id, made here: sent again (no answer came, or kept offline), it is still one task.
  const [newId] = useState(() => crypto.randomUUID());
  const close = () => onOpenChange(false);
  const create = useCreatePersonalTask({ onSuccess: close, ...(addTo ? { url: addTo.url } : {}) });
  const edit = useEditPersonalTask({ onSuccess: close });
  const pending = create.isPending || edit.isPending;
  const { errors } = form.formState;
  const prefix = task ? `edit-task-${task.id}` : 'add-task';

  return (
    <LazyModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title={task ? 'Edit Task' : 'Add Task'}
      description={
        task
          ? `Change the details of "${task.title}".`
          : (addTo?.description ?? 'A task of your own, beside the journey’s.')
      }
    >
      <form
        noValidate
        className="mt-4 space-y-4"
        onSubmit={form.handleSubmit((body) =>
          task ? edit.mutate({ id: task.id, body }) : create.mutate({ ...body, id: newId }),
        )}
      >
        <FormField id={`${prefix}-title`} label="Title" error={errors.title?.message}>
          {(props) => <TextInput {...props} {...form.register('title')} />}
        </FormField>
        <FormField id={`${prefix}-description`} label="Description" error={errors.description?.message}>
          {(props) => (
            <textarea className={controlClasses} rows={3} {...props} {...form.register('description')} />
          )}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${prefix}-priority`} label="Priority" error={errors.priority?.message}>
            {(props) => (
              <select className={controlClasses} {...props} {...form.register('priority')}>
                <option value="high">High</option>
                <option value="medium">Medium</option>
                <option value="low">Low</option>
              </select>
            )}
          </FormField>
          <FormField
            id={`${prefix}-due-date`}
            label="Due date"
            hint={pastDueHint(form.watch('dueDate'), today)}
            error={errors.dueDate?.message}
          >
            {(props) => (
              <TextInput type="date" {...DUE_DATE_INPUT_RANGE} {...props} {...form.register('dueDate')} />
            )}
          </FormField>
        </div>
        <FormField id={`${prefix}-assigned-to`} label="Assigned to" error={errors.assignedTo?.message}>
          {(props) => (
            <AssigneeInput
              names={memberNames}
              className={controlClasses}
              placeholder="A family member's name"
              {...props}
              {...form.register('assignedTo')}
            />
          )}
        </FormField>
        <FormField id={`${prefix}-stage`} label="Stage" error={errors.stageId?.message}>
          {(props) => (
            <select className={controlClasses} {...props} {...form.register('stageId')}>
              <option value="">None</option>
              {stages.map((stage) => (
                <option key={stage.id} value={stage.id}>
                  {stage.title}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <div className="dialog-actions">
          <Button type="button" variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {task ? 'Save' : 'Add Task'}
          </Button>
        </div>
      </form>
    </LazyModalDialog>
  );
}
