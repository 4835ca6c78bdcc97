/**
 * A date formatter made at its first use and kept, as `(date) => text` (`options` may be a function,
 * called then: options read from the browser wait for the first use too). Made at a module's top level,
 * a formatter costs every page that loads the module its time (the browser sets up its date data for
 * the first one: tens of ms at a phone's speed); `toLocaleDateString` with options builds a new one
 * at each call (about 70 µs, paid per date of a list).
 */
export function lazyDateFormat(
  locales: string | undefined,
  options: Intl.DateTimeFormatOptions | (() => Intl.DateTimeFormatOptions),
): (date: Date) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (date) => {
    format ??= new Intl.DateTimeFormat(locales, typeof options === 'function' ? options() : options);
    return format.format(date);
  };
}

/**
 * The clock the reader's browser keeps: `h23` (14:05) in most of the world, `h12` (2:05 PM) in the
 * US and a few more. Times are written in the pages' language, on the reader's own clock.
 */
export function readerHourCycle(locale?: string): 'h11' | 'h12' | 'h23' | 'h24' {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle ?? 'h12';
}

const calendarDayFormat = lazyDateFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * A `YYYY-MM-DD` calendar day (a due date, a forecast) as every screen writes it: "Jan 12, 2030",
 * in the pages' language (`<html lang="en">`, whatever the browser's locale), and the same day
 * wherever the reader is (no time zone moves it).
 */
export const dayLabel = (isoDate: string): string => calendarDayFormat(new Date(`${isoDate}T00:00:00Z`));

const localDayFormat = lazyDateFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** The day `at` falls on where the reader is, written as `dayLabel` writes a day: "Dec 7, 2026". */
export const localDayLabel = (at: Date): string => localDayFormat(at);
