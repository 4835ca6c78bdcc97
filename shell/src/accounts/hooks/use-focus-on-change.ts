import { useEffect, useRef } from 'react';

/**
 * Moves keyboard and screen-reader focus to the element (a view's heading, `tabIndex={-1}`) when
 * `view` changes — not on the first render, where the page's own load order applies.
 */
export function useFocusOnChange<T extends HTMLElement>(view: string) {
  const ref = useRef<T>(null);
  const previous = useRef(view);
  useEffect(() => {
    if (previous.current === view) return;
    previous.current = view;
    ref.current?.focus();
  }, [view]);
  return ref;
}
