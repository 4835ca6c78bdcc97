import { calendarFeedPathSchema, calendarFeedSchema } from '@listready/contracts';
import { linkOrigin, NotFoundError, requireUser, type App } from '@listready/service-kit';
import type { CalendarFeeds } from '../calendar/calendar-feeds.ts';
import { signedIn } from './journey-access-hooks.ts';

const FEED_FILE = /^(.+)\.ics$/;

/**
 * The caller's own calendar feed — GET (the address, or nulls), POST (a new address: the old one
 * is revoked), DELETE (revoked) /api/calendar/feed — and the feed itself,
 * GET /api/calendar/<token>.ics, which calendar apps fetch without a session: the token is the key.
 */
export function calendarRoutes(
  app: App,
  deps: { feeds: CalendarFeeds; publicUrl: string | undefined },
): void {
  const path = '/api/calendar/feed';

  app.get(
    path,
    { preValidation: signedIn, schema: { response: { 200: calendarFeedSchema } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return deps.feeds.current(requireUser(request).id, linkOrigin(request, deps.publicUrl));
    },
  );

  app.post(
    path,
    { preValidation: signedIn, schema: { response: { 201: calendarFeedSchema } } },
    async (request, reply) => {
      const feed = await deps.feeds.regenerate(requireUser(request).id, linkOrigin(request, deps.publicUrl));
      return reply.status(201).send(feed);
    },
  );

  app.delete(path, { preValidation: signedIn }, async (request, reply) => {
    await deps.feeds.revoke(requireUser(request).id);
    return reply.status(204).send();
  });

  app.get('/api/calendar/:file', { schema: { params: calendarFeedPathSchema } }, async (request, reply) => {
    const token = FEED_FILE.exec(request.params.file)?.[1];
    const text = token ? await deps.feeds.calendarOf(token, linkOrigin(request, deps.publicUrl)) : null;
    if (text === null) throw new NotFoundError('Calendar feed not found', 'CALENDAR_FEED_NOT_FOUND');
    return (
      reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="listready.ics"')
        // Private to its holder; apps ask again on their own schedule, so never served stale.
        .header('cache-control', 'private, no-cache')
        .header('x-robots-tag', 'noindex')
        .send(text)
    );
  });
}
