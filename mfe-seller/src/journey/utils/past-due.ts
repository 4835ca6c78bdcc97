/** Today (YYYY-MM-DD) in `timeZone`, as the journey counts days; the browser's zone when it is unknown. */
export function todayIn(timeZone: string | undefined, now = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  } catch {
    return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      now,
    );
  }
}

export const PAST_DUE_HINT = 'This date has passed: the task will show as overdue.';

/**
 * Under a due-date field: a date before `today` is allowed (a task that slipped), but said, so a
 * slip of the picker is seen before saving. Dates are YYYY-MM-DD, which compare as text.
 */
export function pastDueHint(
  dueDate: string | null | undefined,
  today: string | undefined,
): string | undefined {
  return dueDate && today && dueDate < today ? PAST_DUE_HINT : undefined;
}
