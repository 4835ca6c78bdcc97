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

/**
 * A time of day's options on the reader's clock: "14:05" on a 24-hour one, "2:05 PM" (no leading
 * zero, as US English writes it) on a 12-hour one.
 */
export function readerClockOptions(): Intl.DateTimeFormatOptions {
  const hourCycle = readerHourCycle();
  const twelve = hourCycle === 'h12' || hourCycle === 'h11';
  return { hour: twelve ? 'numeric' : '2-digit', minute: '2-digit', hourCycle };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * A day as US English writes it, "Mar 4, 2031" (what `Intl.DateTimeFormat('en-US')` gives for a
 * short month), put together by hand: a page that writes one day (the journey's printed heading,
 * a new seller's first due date) does not pay for building a formatter, the browser's date data
 * set up with the first one (tens of ms at a phone's speed).
 */
const writtenDay = (year: number, monthIndex: number, day: number): string =>
  `${MONTHS[monthIndex] ?? ''} ${day}, ${year}`;

/**
 * A `YYYY-MM-DD` calendar day (a due date, a forecast) as every screen writes it: "Jan 12, 2030",
 * in the pages' language (`<html lang="en">`, whatever the browser's locale), and the same day
 * wherever the reader is (no time zone moves it). Anything else is given back as it is.
 */
export function dayLabel(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const monthIndex = Number(match?.[2]) - 1;
  if (!match || !(monthIndex in MONTHS)) return isoDate;
  return writtenDay(Number(match[1]), monthIndex, Number(match[3]));
}

/** The day `at` falls on where the reader is, written as `dayLabel` writes a day: "Dec 7, 2026". */
export const localDayLabel = (at: Date): string => writtenDay(at.getFullYear(), at.getMonth(), at.getDate());
