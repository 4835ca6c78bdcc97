export { cn } from './lib/class-names.ts';
export * from './toast/toast-store.ts';
export { Toaster } from './toast/lazy-toaster.tsx';
export * from './components/button.tsx';
export { Card } from './components/card.tsx';
export * from './components/form-field.tsx';
export { LoadingSpinner } from './components/loading-spinner.tsx';
export { JourneyBodySkeleton, JourneySkeleton, ProfileSkeleton } from './components/page-skeletons.tsx';
export * from './logo/logo-variant.ts';
export * from './logo/logo.tsx';
export { lazyDialog, LazyInviteDialog, LazyModalDialog } from './dialog/lazy-dialogs.tsx';
export { lazyOptionalPart } from './lib/lazy-optional-part.tsx';
export { fetchWhenIdle, onDemand, useOnDemand, type OnDemand } from './lib/on-demand.ts';
export {
  OnDemandScreen,
  SCREEN_UNAVAILABLE_MESSAGE,
  type OnDemandScreenProps,
} from './lib/on-demand-screen.tsx';
export type { InviteFieldErrors, InviteField, InviteFormValues } from './dialog/invite-dialog.tsx';
