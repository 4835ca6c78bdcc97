import type { Page } from 'playwright-core';
import type {
  AgentInsights,
  AgentStats,
  AnalyticsRealtime,
  AnalyticsStats,
  CalendarFeed,
  PublicUser,
  SessionResponse,
} from '@listready/contracts';
import { DEFAULT_CURRENT_BRANDING } from '@listready/contracts';
import { aClientProfile, anEmptyJourney, aPublicUser } from '@listready/contracts/fixtures';

/** A live stream with nothing to say (the live routes answer server-sent events, never JSON). */
const QUIET_EVENT_STREAM = {
  status: 200,
  contentType: 'text/event-stream',
  body: ': no changes in a faked session\n\n',
};

export type FakeRole = 'client' | 'agent';

/** Whole users as the auth service answers them: the front end parses every answer with its contract. */
export const FAKE_USERS: Record<FakeRole, PublicUser> = {
  client: aPublicUser({
    id: 'e2e-client',
    email: 'jane.seller@example.com',
    firstName: 'Jane',
    lastName: 'Seller',
    role: 'client',
  }),
  agent: aPublicUser({
    id: 'e2e-agent',
    email: 'sam.agent@example.com',
    firstName: 'Sam',
    lastName: 'Agent',
    role: 'agent',
  }),
};

/**
 * Signs the page in as a client or an agent without the accounts feature: the browser's session
 * probe (GET /api/auth/session) is answered here (Playwright routing), so only the front end is
 * exercised. Returns a switch to sign the page out again (the next probe answers no user).
 */
export async function fakeSignedIn(page: Page, role: FakeRole): Promise<{ signOut: () => void }> {
  let signedIn = true;
  // A browser without a session cookie gets the prerendered visitor pages, which never ask who is
  // signed in; a signed-in browser has one. This one is no session: every service answers it as none.
  await page
    .context()
    .addCookies([{ name: 'listready_session', value: 'e2e-faked-session', domain: '127.0.0.1', path: '/' }]);
  await page.route('**/api/auth/session', (route) => {
    const session: SessionResponse = { user: signedIn ? FAKE_USERS[role] : null };
    return route.fulfill({ status: 200, json: session });
  });
  // The frame asks for the signed-in user's branding; a faked session has no cookie to send.
  await page.route('**/api/branding/current', (route) =>
    signedIn
      ? route.fulfill({ status: 200, json: DEFAULT_CURRENT_BRANDING })
      : route.fulfill({ status: 401, json: { message: 'Unauthorized' } }),
  );
  if (role === 'client') {
    // The seller remote reads the journey at once; a faked session has no cookie, so the real
    // journey service would answer 401 and the app would leave for the login redirect.
    const journey = anEmptyJourney(new Date().toISOString().slice(0, 10));
    const answers: Record<string, unknown> = { journey, tasks: [], 'custom-tasks': [] };
    // profile: no agent linked yet.
    const profile = aClientProfile({ id: 'e2e-client-record', userId: FAKE_USERS.client.id });
    await page.route('**/api/clients/current/*', (route) => {
      const name = new URL(route.request().url()).pathname.split('/').pop() ?? '';
      if (!signedIn) return route.fulfill({ status: 401, json: { message: 'Unauthorized' } });
      if (name === 'live') return route.fulfill(QUIET_EVENT_STREAM);
      if (name in answers) return route.fulfill({ status: 200, json: answers[name] });
      return route.fulfill({ status: 200, json: profile });
    });
    // With no agent linked the banner asks whether one was invited: nobody was.
    await page.route('**/api/invitations', (route) =>
      signedIn
        ? route.fulfill({ status: 200, json: [] })
        : route.fulfill({ status: 401, json: { message: 'Unauthorized' } }),
    );
  }
  if (role === 'agent') {
    // The analytics remote reads its figures at once; a faked session has no cookie, so the real
    // analytics service would answer 401 and the app would leave for the login redirect.
    const stats: AnalyticsStats = {
      totalEvents: 0,
      totalSessions: 0,
      uniqueUsers: 0,
      topEvents: [],
      eventsPerHour: [],
    };
    const realtime: AnalyticsRealtime = { activeUsers: 0, recentEvents: [], activeSessions: [] };
    // The dashboard: its figures and (no) clients, the agent named as `current`.
    const agentStats: AgentStats = { activeClients: 0, avgProgress: 0, tasksDue: 0, readyToList: 0 };
    await page.route('**/api/agents/current/stats', (route) =>
      route.fulfill({ status: 200, json: agentStats }),
    );
    await page.route('**/api/agents/current/clients', (route) => route.fulfill({ status: 200, json: [] }));
    const insights: AgentInsights = {
      rules: { stalledAfterDays: 7, paceWindowDays: 28 },
      clients: [],
      pipeline: [],
    };
    await page.route('**/api/agents/current/insights', (route) =>
      route.fulfill({ status: 200, json: insights }),
    );
    await page.route('**/api/agents/current/live', (route) => route.fulfill(QUIET_EVENT_STREAM));
    // The dashboard's calendar feed card: no address yet.
    const noFeed: CalendarFeed = { url: null, webcalUrl: null, createdAt: null };
    await page.route('**/api/calendar/feed', (route) => route.fulfill({ status: 200, json: noFeed }));
    await page.route('**/api/analytics/stats', (route) => route.fulfill({ status: 200, json: stats }));
    await page.route('**/api/analytics/realtime', (route) => route.fulfill({ status: 200, json: realtime }));
  }
  return {
    signOut: () => {
      signedIn = false;
    },
  };
}
