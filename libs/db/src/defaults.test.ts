import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@listready/testing';
import {
  agents,
  analyticsSessions,
  brandingConfigs,
  calendarEvents,
  clientProgress,
  clients,
  clientTasks,
  customTasks,
  invitations,
  journeyStages,
  tasks,
  userGroupMemberships,
  userGroups,
  users,
} from './schema/index.ts';
import { CHECK_VIOLATION, sqlStateOf } from './test-helpers.ts';

const database = useTestDatabase();
const DAY = 24 * 60 * 60 * 1000;

async function insertUser(email = `${crypto.randomUUID()}@example.com`) {
  const [user] = await database.current.db
    .insert(users)
    .values({ email, password: 'scrypt$hash', firstName: 'Ada', lastName: 'Lovelace' })
    .returning();
  if (!user) throw new Error('no user returned');
  return user;
}

async function insertClient() {
  const user = await insertUser();
  const [client] = await database.current.db.insert(clients).values({ userId: user.id }).returning();
  if (!client) throw new Error('no client returned');
  return client;
}

describe('column defaults (spec §3 and §9)', () => {
  it('users: role client, timezone America/New_York, contact email, default notification preferences', async () => {
    const user = await insertUser();
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(user.role).toBe('client');
    expect(user.timezone).toBe('America/New_York');
    expect(user.preferredContact).toBe('email');
    expect(user.notificationPreferences).toEqual({ email: true, push: true, sms: false, calendar: true });
    expect(user.createdAt).toBeInstanceOf(Date);
  });

  it('agents: invite limit 5, none used, trial subscription', async () => {
    const user = await insertUser();
    const [agent] = await database.current.db.insert(agents).values({ userId: user.id }).returning();
    expect(agent).toMatchObject({
      inviteLimit: 5,
      invitesUsed: 0,
      subscriptionType: 'trial',
      subscriptionStatus: 'trial',
    });
  });

  it('invitations: pending, nothing sent, expiring 30 days after creation (set by the database)', async () => {
    const [invitation] = await database.current.db
      .insert(invitations)
      .values({
        type: 'agent-to-client',
        inviterUserId: 'some-user',
        inviteeEmail: 'seller@example.com',
        inviteeName: 'Sam Seller',
      })
      .returning();
    if (!invitation) throw new Error('no invitation returned');
    expect(invitation).toMatchObject({
      status: 'pending',
      emailSent: false,
      smsSent: false,
      acceptedAt: null,
    });
    const lifetime = invitation.expiresAt.getTime() - invitation.createdAt.getTime();
    // 30 calendar days: within an hour of 30 × 24 h whatever daylight saving does.
    expect(Math.abs(lifetime - 30 * DAY)).toBeLessThanOrEqual(60 * 60 * 1000);
  });

  it('branding_configs: the default brand colours', async () => {
    const [config] = await database.current.db
      .insert(brandingConfigs)
      .values({ agentId: 'agent-1', companyName: 'Acme Realty' })
      .returning();
    expect(config).toMatchObject({
      primaryColor: '#9333EA',
      secondaryColor: '#10B981',
      accentColor: '#F59E0B',
      backgroundColor: '#000000',
      headerBackgroundColor: '#000000',
      navigationBackgroundColor: '#000000',
      brokerageLogo: null,
      agentLogo: null,
    });
  });

  it('user_groups: 10 members max, active; memberships: member, active', async () => {
    const owner = await insertUser();
    const [group] = await database.current.db
      .insert(userGroups)
      .values({ name: 'The Smiths', ownerId: owner.id, inviteCode: 'K7P2QX9M' })
      .returning();
    if (!group) throw new Error('no group returned');
    expect(group).toMatchObject({ maxMembers: 10, isActive: true });
    const [membership] = await database.current.db
      .insert(userGroupMemberships)
      .values({ groupId: group.id, userId: owner.id })
      .returning();
    expect(membership).toMatchObject({ role: 'member', isActive: true });
    expect(membership?.joinedAt).toBeInstanceOf(Date);
  });

  it('user_groups: the invite code is 8 characters', async () => {
    const owner = await insertUser();
    const state = await sqlStateOf(
      database.current.db.insert(userGroups).values({ name: 'x', ownerId: owner.id, inviteCode: 'SHORT' }),
    );
    expect(state).toBe(CHECK_VIOLATION);
  });

  it('clients: no agent or property needed; client_progress starts locked with 0 points', async () => {
    const client = await insertClient();
    expect(client).toMatchObject({ agentId: null, propertyId: null, preferredContact: 'email' });
    const [progress] = await database.current.db
      .insert(clientProgress)
      .values({ clientId: client.id, stageId: 'declutter' })
      .returning();
    expect(progress).toMatchObject({ status: 'locked', pointsEarned: 0, startedAt: null, completedAt: null });
  });

  it('journey_stages: 100 points, counted in progress; tasks: medium, standard, 1 hour, required', async () => {
    const [stage] = await database.current.db
      .insert(journeyStages)
      .values({ slug: 'test-stage', name: 'Test stage', orderIndex: 99 })
      .returning();
    if (!stage) throw new Error('no stage returned');
    expect(stage).toMatchObject({ pointsValue: 100, excludedFromProgress: false });
    const [task] = await database.current.db
      .insert(tasks)
      .values({ slug: 'test-task', stageId: stage.id, title: 'Test task', orderIndex: 1 })
      .returning();
    expect(task).toMatchObject({
      priority: 'medium',
      kind: 'standard',
      estimatedHours: 1,
      isOptional: false,
    });
  });

  it('client_tasks: not started, no priority override, due date kept as YYYY-MM-DD', async () => {
    const client = await insertClient();
    const [clientTask] = await database.current.db
      .insert(clientTasks)
      .values({ clientId: client.id, taskId: 'declutter-1', dueDate: '2025-03-09' })
      .returning();
    expect(clientTask).toMatchObject({ status: 'not_started', priority: null, dueDate: '2025-03-09' });
    const state = await sqlStateOf(
      database.current.db
        .update(clientTasks)
        .set({ notes: 'x'.repeat(501) })
        .where(eq(clientTasks.clientId, client.id)),
    );
    expect(state).toBe(CHECK_VIOLATION);
  });

  it('relations join across schemas for reads (client → auth user, tasks → template and stage)', async () => {
    const client = await insertClient();
    await database.current.db.insert(clientTasks).values({ clientId: client.id, taskId: 'home-staging-1' });
    const found = await database.current.db.query.clients.findFirst({
      where: (table, { eq: equals }) => equals(table.id, client.id),
      with: { user: true, tasks: { with: { task: { with: { stage: true } } } } },
    });
    expect(found?.user?.firstName).toBe('Ada');
    expect(found?.tasks.map((row) => [row.task.title, row.task.stage.name])).toEqual([
      ['Add accents of color', 'Home Staging'],
    ]);
  });

  it('custom_tasks: priority medium, status pending', async () => {
    const client = await insertClient();
    const [customTask] = await database.current.db
      .insert(customTasks)
      .values({ clientId: client.id, title: 'Call the stager' })
      .returning();
    expect(customTask).toMatchObject({ priority: 'medium', status: 'pending', stageId: null, dueDate: null });
  });

  it('calendar_events: 60 minutes reminder, not all day', async () => {
    const [event] = await database.current.db
      .insert(calendarEvents)
      .values({ userId: 'some-user', title: 'Photographer', startTime: new Date('2025-04-01T15:00:00Z') })
      .returning();
    expect(event).toMatchObject({ reminderMinutes: 60, isAllDay: false, endTime: null });
  });

  it('analytics_sessions: no page views or events yet', async () => {
    const [session] = await database.current.db
      .insert(analyticsSessions)
      .values({ sessionId: 'session-1', startTime: new Date() })
      .returning();
    expect(session).toMatchObject({ pageViews: 0, events: 0, endTime: null });
  });

  it('rejects a value outside an enumeration', async () => {
    const state = await sqlStateOf(
      database.current.db.execute(
        sql`insert into auth.users (id, email, password, first_name, last_name, role)
            values ('u-bad-role', 'bad@example.com', 'x', 'A', 'B', 'admin')`,
      ),
    );
    expect(state).toBe(CHECK_VIOLATION);
  });
});
