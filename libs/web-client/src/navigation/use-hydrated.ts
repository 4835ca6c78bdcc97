import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while the build renders a page and while the browser hydrates that HTML (before the page's
 * handlers are attached), true from the render after; true from the start for a screen the browser
 * renders itself.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
