const HOUR_MS = 60 * 60 * 1000;

/**
 * "Last Activity" of a client row (agent spec §2): under an hour 'Just now', under a day
 * 'N hours ago', otherwise 'N days ago' — whole hours and days, counted down. One hour and one day
 * read in the singular. A time ahead of `now` (a clock out of step) is 'Just now'.
 */
export function lastActivityLabel(updatedAt: string | Date, now: Date): string {
  const elapsed = now.getTime() - new Date(updatedAt).getTime();
  const hours = Math.floor(elapsed / HOUR_MS);
  if (!Number.isFinite(hours) || hours < 1) return 'Just now';
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}
