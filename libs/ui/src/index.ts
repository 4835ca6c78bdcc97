export { cn } from './lib/class-names.ts';
export * from './toast/toast-store.ts';
export { Toaster } from './toast/lazy-toaster.tsx';
export * from './components/button.tsx';
export { Card } from './components/card.tsx';
export { LoadingSpinner } from './components/loading-spinner.tsx';
export * from './logo/logo-variant.ts';
export * from './logo/logo.tsx';
