import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { groupWriteSchema, type GroupWrite, type UserGroup } from '@listready/contracts/journey';
import { Button, LazyModalDialog } from '@listready/ui';
import { useCreateGroup, useUpdateGroup } from '../hooks/use-profile-requests.ts';
import { controlClasses, FormField, TextInput } from './form-field.tsx';

/** Create Group, or Edit a group (name required, description optional). */
export function GroupFormDialog({
  group,
  open,
  onOpenChange,
}: {
  /** The group to edit; none to create one. */
  group?: UserGroup;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useForm<GroupWrite>({
    resolver: zodResolver(groupWriteSchema),
    defaultValues: { name: group?.name ?? '', description: group?.description ?? '' },
  });
  const close = () => onOpenChange(false);
  const create = useCreateGroup({ onSuccess: close });
  const update = useUpdateGroup({ onSuccess: close });
  const pending = create.isPending || update.isPending;
  const { errors } = form.formState;
  const prefix = group ? `edit-group-${group.id}` : 'create-group';

  return (
    <LazyModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title={group ? 'Edit Group' : 'Create Group'}
      description={
        group
          ? `Change the name or description of "${group.name}".`
          : 'Start a group for your family or friends; share its invite code so they can join.'
      }
    >
      <form
        noValidate
        className="mt-4 space-y-4"
        onSubmit={form.handleSubmit((body) =>
          group ? update.mutate({ id: group.id, body }) : create.mutate(body),
        )}
      >
        <FormField id={`${prefix}-name`} label="Group name" error={errors.name?.message}>
          {(props) => <TextInput {...props} {...form.register('name')} />}
        </FormField>
        <FormField id={`${prefix}-description`} label="Description" error={errors.description?.message}>
          {(props) => (
            <textarea className={controlClasses} rows={3} {...props} {...form.register('description')} />
          )}
        </FormField>
        <div className="dialog-actions">
          <Button type="button" variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {group ? 'Save' : 'Create Group'}
          </Button>
        </div>
      </form>
    </LazyModalDialog>
  );
}
