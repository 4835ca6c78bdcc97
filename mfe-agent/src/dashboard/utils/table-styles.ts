/** A table's first column stays in view while a narrow screen scrolls the others under it. */
export const STICKY_COLUMN = 'sticky left-0 z-10 bg-surface';
