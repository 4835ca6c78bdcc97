import { lazyDialog } from '@listready/ui';

/*
 * The form dialogs (react-hook-form, the contracts' resolver) are fetched when one first opens, as
 * the confirmations are: the profile's first paint (its overview) and the journey's need neither.
 */
export const LazyPersonalTaskFormDialog = lazyDialog(
  async () => (await import('./personal-task-form-dialog.tsx')).PersonalTaskFormDialog,
);

export const LazyGroupFormDialog = lazyDialog(
  async () => (await import('./group-form-dialog.tsx')).GroupFormDialog,
);
