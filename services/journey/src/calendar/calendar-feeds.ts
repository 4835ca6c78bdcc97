import { eq, sql } from 'drizzle-orm';
import type { CalendarFeed } from '@listready/contracts';
import { calendarFeeds, users, type Db } from '@listready/db';
import { isAssignedTo } from '@listready/contracts/journey';
import { datedTasksOf, feedScopesOf, reminderMinutesOf } from './dated-tasks.ts';
import type { FeedTokens } from './feed-tokens.ts';
import { feedCalendarText } from './ics-calendar.ts';

/**
 * Each person's private, revocable calendar feed (issue 19, item 1): a seller's every dated task, a
 * household member's tasks assigned to them, an agent's clients' dated tasks — the union when a
 * person is more than one of these.
 */
export function createCalendarFeeds(options: { db: Db; tokens: FeedTokens }) {
  const { db, tokens } = options;

  const answer = (origin: string, row: { id: string; createdAt: Date } | undefined): CalendarFeed => {
    if (!row) return { url: null, webcalUrl: null, createdAt: null };
    const url = `${origin}/api/calendar/${tokens.tokenOf(row.id)}.ics`;
    return {
      url,
      webcalUrl: url.replace(/^https?:/, 'webcal:'),
      createdAt: row.createdAt.toISOString(),
    };
  };

  return {
    /** The person's feed address, or nulls when they have none (a read: nothing is created). */
    async current(userId: string, origin: string): Promise<CalendarFeed> {
      const [row] = await db
        .select({ id: calendarFeeds.id, createdAt: calendarFeeds.createdAt })
        .from(calendarFeeds)
        .where(eq(calendarFeeds.userId, userId))
        .limit(1);
      return answer(origin, row);
    },

    /**
     * A new address for the person; the old one stops working at once. One statement (an upsert
     * that gives the row a new id), so two clicks at once leave one feed, not an error.
     */
    async regenerate(userId: string, origin: string): Promise<CalendarFeed> {
      const [row] = await db
        .insert(calendarFeeds)
        .values({ id: crypto.randomUUID(), userId })
        .onConflictDoUpdate({
          target: calendarFeeds.userId,
          set: { id: sql`excluded.id`, createdAt: sql`excluded.created_at` },
        })
        .returning({ id: calendarFeeds.id, createdAt: calendarFeeds.createdAt });
      return answer(origin, row);
    },

    async revoke(userId: string): Promise<void> {
      await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
    },

    /** The feed's calendar text for a token, or null when the token is unknown, forged or revoked. */
    async calendarOf(token: string, origin: string): Promise<string | null> {
      const feedId = tokens.feedIdOf(token);
      if (!feedId) return null;
      const [person] = await db
        .select({
          userId: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          preferences: users.notificationPreferences,
        })
        .from(calendarFeeds)
        .innerJoin(users, eq(users.id, calendarFeeds.userId))
        .where(eq(calendarFeeds.id, feedId))
        .limit(1);
      if (!person) return null;
      const scopes = await feedScopesOf(db, person.userId);
      const [allTasks, reminderMinutes] = await Promise.all([
        datedTasksOf(
          db,
          scopes.map((scope) => scope.clientId),
        ),
        reminderMinutesOf(db, [person.userId]),
      ]);
      const assignedOnly = new Set(
        scopes.filter((scope) => scope.tasks === 'assigned').map((scope) => scope.clientId),
      );
      const visible = allTasks.filter(
        (task) => !assignedOnly.has(task.clientId) || isAssignedTo(task.assignedTo, person),
      );
      return feedCalendarText({
        name: `ListReady — ${`${person.firstName} ${person.lastName}`.trim()}`,
        tasks: visible,
        reminderMinutes,
        ownUserId: person.userId,
        origin,
        // `calendar` off: the dates stay in the calendar, its alerts stop (a missing key: on).
        alarms: person.preferences.calendar !== false,
        defaultReminderMinutes: person.preferences.reminderMinutes,
      });
    },
  };
}
export type CalendarFeeds = ReturnType<typeof createCalendarFeeds>;
