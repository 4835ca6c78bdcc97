/**
 * A date formatter made at its first use and kept, as `(date) => text`. Made at a module's top level,
 * a formatter costs every page that loads the module its time (the browser sets up its date data for
 * the first one: tens of ms at a phone's speed); `toLocaleDateString` with options builds a new one
 * at each call (about 70 µs, paid per date of a list).
 */
export function lazyDateFormat(
  locales: string | undefined,
  options: Intl.DateTimeFormatOptions,
): (date: Date) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (date) => {
    format ??= new Intl.DateTimeFormat(locales, options);
    return format.format(date);
  };
}
