/*
 * `@listready/ui/dialog`: the Radix dialogs (~27 KB gzipped). A shared module of its own, loaded
 * when a dialog first opens (see lazy-dialogs.tsx), so no page pays for it before then.
 */
export { ModalDialog, type ModalDialogProps } from './modal-dialog.tsx';
export { InviteDialog, type InviteDialogProps } from './invite-dialog.tsx';
