import type { RecentEvent } from '@listready/contracts/analytics';
import { eventLabel, formatTime, pageLabel, userLabel } from '../utils/format.ts';

/**
 * The 20 most recent events of the last 24 hours (spec §2): event, time, whose (ours) and page. A
 * fixed-height region that scrolls (and takes keyboard focus to do so), so the page never grows as
 * events come.
 */
export function RecentEventsList({
  events,
  viewerId,
}: {
  events: RecentEvent[] | undefined;
  viewerId: string | null;
}) {
  const origin = window.location.origin;
  // `relative`, like the sessions card: a box that scrolls holds what is positioned inside it, or
  // that is placed against the page, outside the box, and stretches the page.
  return (
    <div
      role="region"
      aria-label="Recent events"
      tabIndex={0}
      className="relative h-96 overflow-y-auto rounded-md focus-visible:ring-2 focus-visible:ring-brand-soft focus-visible:outline-none"
    >
      {events === undefined ? null : events.length === 0 ? (
        <p className="p-2 text-sm text-ink-muted">No events in the last 24 hours.</p>
      ) : (
        <ol className="divide-y divide-surface-border">
          {events.map((event) => (
            <li key={event.id} className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 px-1 py-2 text-sm">
              <span className="truncate font-medium" title={event.event}>
                {eventLabel(event.event)}
              </span>
              <time dateTime={event.timestamp} className="text-ink-muted tabular-nums">
                {formatTime(event.timestamp)}
              </time>
              <span className="col-span-2 truncate text-ink-muted" title={event.pageUrl ?? undefined}>
                {userLabel(event, viewerId)} · {pageLabel(event.pageUrl, origin)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
