import type { ClientInsight, ReadinessForecast, StalledReason } from '@listready/contracts/journey';
import { dayLabel } from '@listready/web-client';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The client's name; a seller without one is still listed. */
export const insightName = (client: ClientInsight) =>
  `${client.firstName} ${client.lastName}`.trim() || 'Unnamed client';

/** Why a client is stalled, in a sentence an agent can act on. */
export function stalledReasonLabel(reason: StalledReason): string {
  if (reason.kind === 'inactive') return `No activity for ${plural(reason.days, 'day', 'days')}`;
  return `${plural(reason.tasks, 'overdue task', 'overdue tasks')}, oldest due ${dayLabel(reason.oldestDueDate)}`;
}

/**
 * The forecast column: the date itself, and what it rests on. The tasks counted are those before
 * listing (the stages before Go Live), not the journey's whole remainder the client's own page
 * shows, so the detail says so ("12 tasks before listing", where "12 tasks left" read as a
 * disagreement with the journey's "54 remaining").
 */
export function forecastLabels(forecast: ReadinessForecast): { headline: string; detail: string } {
  switch (forecast.status) {
    case 'ready':
      return { headline: 'Ready to list', detail: 'Every stage before Go Live is done' };
    case 'projected':
      return {
        headline: dayLabel(forecast.date),
        detail: `${plural(forecast.remainingTasks, 'task', 'tasks')} before listing, at ${forecast.tasksPerWeek} a week`,
      };
    case 'not-enough-activity':
      return {
        headline: 'Not enough activity yet',
        detail: `${plural(forecast.remainingTasks, 'task', 'tasks')} before listing, none done lately`,
      };
  }
}
