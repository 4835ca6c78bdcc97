import type { ComponentProps, FocusEvent, MouseEvent, PointerEvent } from 'react';
import { navigate } from './navigation.ts';
import { announceRouteIntent } from './route-intent.ts';

/**
 * A real link (works with a new tab, a middle click, no JavaScript) that navigates in-app on a plain
 * click, and announces the page it leads to as soon as a pointer is over it, presses it or the
 * keyboard focuses it (route-intent.ts), so that page's reads can start before the click.
 */
export function AppLink({
  href,
  onClick,
  onPointerEnter,
  onPointerDown,
  onFocus,
  ...props
}: ComponentProps<'a'> & { href: string }) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (props.target && props.target !== '_self') return;
    event.preventDefault();
    navigate(href);
  };
  const announcing =
    <Event extends PointerEvent<HTMLAnchorElement> | FocusEvent<HTMLAnchorElement>>(
      handler: ((event: Event) => void) | undefined,
    ) =>
    (event: Event) => {
      handler?.(event);
      if (!props.target || props.target === '_self') announceRouteIntent(href);
    };
  return (
    <a
      href={href}
      onClick={handleClick}
      onPointerEnter={announcing(onPointerEnter)}
      onPointerDown={announcing(onPointerDown)}
      onFocus={announcing(onFocus)}
      {...props}
    />
  );
}
