/**
 * `<div id="root" data-rendered-path="/">`: the root of a page prerendered at build time, and the
 * path it was rendered at. The browser hydrates such a root instead of rendering into it.
 */
export const RENDERED_PATH_ATTRIBUTE = 'data-rendered-path';

/**
 * On the visitor's script tag of a prerendered page (`visitor.ts`): the shell's entry, then the chunks
 * its page preloads, space-separated — loaded when the visitor follows a link.
 */
export const SHELL_SCRIPTS_ATTRIBUTE = 'data-shell-scripts';
