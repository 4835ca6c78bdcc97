/**
 * `<div id="root" data-rendered-path="/">`: the root of a page prerendered at build time, and the
 * path it was rendered at. The browser hydrates such a root instead of rendering into it.
 */
export const RENDERED_PATH_ATTRIBUTE = 'data-rendered-path';
