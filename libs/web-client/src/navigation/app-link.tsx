import type { ComponentProps, MouseEvent } from 'react';
import { navigate } from './navigation.ts';

/** A real link (works with a new tab, a middle click, no JavaScript) that navigates in-app on a plain click. */
export function AppLink({ href, onClick, ...props }: ComponentProps<'a'> & { href: string }) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (props.target && props.target !== '_self') return;
    event.preventDefault();
    navigate(href);
  };
  return <a href={href} onClick={handleClick} {...props} />;
}
