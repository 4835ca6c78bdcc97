import type { RealtimeSession } from '@listready/contracts/analytics';
import { counted, formatDateTime, userLabel } from '../utils/format.ts';

/** Whose session, on one line; the whole of it on hover when a long name is cut. */
const UserLine = ({ label }: { label: string }) => (
  <p className="truncate text-ink-muted" title={label}>
    {label}
  </p>
);

/** `Started Mar 10, 14:05`: the word shown once, as the term (a screen reader reads it once too). */
const Moment = ({ term, iso }: { term: string; iso: string }) => (
  <div>
    <dt className="inline">{term} </dt>
    <dd className="inline">
      <time dateTime={iso}>{formatDateTime(iso)}</time>
    </dd>
  </div>
);

/**
 * Sessions seen in the last 30 minutes (spec §2): the session id's last 8 characters, the user (by
 * name: decisions.md), page views, events, start and end. A session is Active until its end time
 * is set, then Ended.
 * Cards rather than a table, so they read at 375 px; a fixed-height scrolling region like the
 * recent events.
 */
export function ActiveSessionsList({
  sessions,
  viewerId,
}: {
  sessions: RealtimeSession[] | undefined;
  viewerId: string | null;
}) {
  // `relative`: the card scrolls, so it must also hold what is positioned inside it (the visually
  // hidden labels): placed against the page instead, they stretched it far below the footer.
  return (
    <div
      role="region"
      aria-label="Active sessions"
      tabIndex={0}
      className="relative h-96 overflow-y-auto rounded-md focus-visible:ring-2 focus-visible:ring-brand-soft focus-visible:outline-none"
    >
      {sessions === undefined ? null : sessions.length === 0 ? (
        <p className="p-2 text-sm text-ink-muted">No sessions in the last 30 minutes.</p>
      ) : (
        <ul className="divide-y divide-surface-border">
          {sessions.map((session) => (
            <li key={`${session.sessionId}-${session.startTime}`} className="space-y-1 px-1 py-2 text-sm">
              <div className="flex items-center justify-between gap-2">
                <span className="font-mono">…{session.sessionId}</span>
                {session.endTime ? (
                  <span className="rounded-full border border-surface-border px-2 py-0.5 text-xs text-ink-muted">
                    Ended
                  </span>
                ) : (
                  <span className="rounded-full border border-emerald-400 px-2 py-0.5 text-xs text-emerald-400">
                    Active
                  </span>
                )}
              </div>
              <UserLine label={userLabel(session, viewerId)} />
              <dl className="grid grid-cols-2 gap-x-3 text-ink-muted">
                <dt className="sr-only">Page views</dt>
                <dd>{counted(session.pageViews, 'page view', 'page views')}</dd>
                <dt className="sr-only">Events</dt>
                <dd>{counted(session.events, 'event', 'events')}</dd>
                <Moment term="Started" iso={session.startTime} />
                {session.endTime && <Moment term="Ended" iso={session.endTime} />}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
