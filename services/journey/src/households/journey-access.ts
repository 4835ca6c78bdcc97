import { setTimeout as sleep } from 'node:timers/promises';
import { and, asc, eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { GroupErrorCode, groupMessages, type Household } from '@listready/contracts';
import { agents, clients, userGroupMemberships, userGroups, users, type Db } from '@listready/db';
import { ForbiddenError, InFlightLimit, NotFoundError, type SessionUser } from '@listready/service-kit';
import { JourneyNotReadyError } from '../clients/client-repository.ts';

/** Who works a journey: the seller, a member of their household, or (reading only) their agent. */
export type JourneyRole = 'seller' | 'member' | 'agent';

export interface JourneyAccess {
  clientId: string;
  /** auth.users.id of the seller whose journey it is (their time zone, their household). */
  sellerUserId: string;
  role: JourneyRole;
  /** Who is acting: recorded on every change. */
  actor: SessionUser;
}

export type Intent = 'read' | 'write';

export class HouseholdNotFoundError extends NotFoundError {
  constructor() {
    super(groupMessages.householdUnknown, GroupErrorCode.householdUnknown);
    this.name = 'HouseholdNotFoundError';
  }
}

/** An agent may read a client's journey, never change it. */
export class AgentReadOnlyError extends ForbiddenError {
  constructor() {
    super('Agents can follow their clients’ journeys but not change them');
    this.name = 'AgentReadOnlyError';
  }
}

/** How long a new seller's read waits for their journey to be made (see `ownClientOnceMade`). */
export const JOURNEY_READY_WAIT_MS = 3_000;
/**
 * How many requests of this process may wait so at once: a quarter of the admission limit
 * (`SHED_MAX_IN_FLIGHT`, 64 by default), which every waiting request holds a place of. When the
 * events lag (a consumer restarting, a backlog) and sellers sign up meanwhile, the waits must not
 * fill the limit and turn everyone else away with 503; the requests beyond it answer 404
 * `JOURNEY_NOT_READY` at once, as before the wait, and the browser asks again.
 */
export const JOURNEY_READY_MAX_WAITING = 16;
const READY_POLL_MS = 50;

export interface JourneyReadyWait {
  /** How long a request waits (ms). */
  waitMs: number;
  /** How many requests wait at once; the next ones are not kept waiting. */
  maxWaiting: number;
}

/**
 * Who may act on which journey (DESIGN.md §3): the seller; the active members of a group the seller
 * owns (the household); and, reading only, the agent the seller is linked to (`clients.agent_id`).
 * Anyone else is told the journey does not exist (404), so ids do not leak.
 */
export function createJourneyAccess(
  db: Db,
  readyWait: JourneyReadyWait = { waitMs: JOURNEY_READY_WAIT_MS, maxWaiting: JOURNEY_READY_MAX_WAITING },
) {
  // A seller's own client row never changes hands: remembered per user.
  const ownClients = new LRUCache<string, { id: string }>({ max: 10_000 });

  async function ownClient(userId: string): Promise<{ id: string } | undefined> {
    const known = ownClients.get(userId);
    if (known) return known;
    const [row] = await db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.userId, userId))
      .limit(1);
    if (row) ownClients.set(userId, row);
    return row;
  }

  /**
   * A new seller's journey is made a moment after the sign-up, when this service applies
   * user-registered (later while it catches up on a backlog). Their first requests, sent as soon as
   * the page loads, wait for it here rather than answer 404 and be sent again by the browser: the
   * row is looked for every READY_POLL_MS, up to `readyWait.waitMs`, by at most
   * `readyWait.maxWaiting` requests at once.
   */
  const waiting = new InFlightLimit(readyWait.maxWaiting);
  async function ownClientOnceMade(userId: string): Promise<{ id: string } | undefined> {
    const release = waiting.tryAcquire();
    if (!release) return undefined;
    try {
      const deadline = performance.now() + readyWait.waitMs;
      while (performance.now() < deadline) {
        await sleep(Math.min(READY_POLL_MS, Math.max(0, deadline - performance.now())));
        const own = await ownClient(userId);
        if (own) return own;
      }
      return undefined;
    } finally {
      release();
    }
  }

  /** The households `userId` belongs to as an active member of an active group, oldest first. */
  function memberships(userId: string) {
    return db
      .select({
        clientId: clients.id,
        sellerUserId: clients.userId,
        groupName: userGroups.name,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(userGroupMemberships)
      .innerJoin(userGroups, eq(userGroups.id, userGroupMemberships.groupId))
      .innerJoin(clients, eq(clients.userId, userGroups.ownerId))
      .innerJoin(users, eq(users.id, userGroups.ownerId))
      .where(
        and(
          eq(userGroupMemberships.userId, userId),
          eq(userGroupMemberships.isActive, true),
          eq(userGroups.isActive, true),
        ),
      )
      .orderBy(asc(userGroupMemberships.joinedAt));
  }

  async function forClient(
    actor: SessionUser,
    clientId: string,
    intent: Intent,
  ): Promise<JourneyAccess | null> {
    const [client] = await db
      .select({ id: clients.id, userId: clients.userId, agentUserId: agents.userId })
      .from(clients)
      .leftJoin(agents, eq(agents.id, clients.agentId))
      .where(eq(clients.id, clientId))
      .limit(1);
    if (!client) return null;
    const access = (role: JourneyRole): JourneyAccess => ({
      clientId: client.id,
      sellerUserId: client.userId,
      role,
      actor,
    });
    if (client.userId === actor.id) return access('seller');
    const households = await memberships(actor.id);
    if (households.some((household) => household.clientId === client.id)) return access('member');
    if (actor.role === 'agent' && client.agentUserId === actor.id) {
      if (intent === 'write') throw new AgentReadOnlyError();
      return access('agent');
    }
    return null;
  }

  return {
    forClient,

    /** How many requests wait for a new seller's journey now (at most `readyWait.maxWaiting`). */
    waitingForJourney: () => waiting.count,

    /**
     * The journey of `/api/clients/current/*`: the one named by `?clientId=`, else the caller's own
     * (a seller's), else their oldest household. Agents name their client; otherwise 403.
     */
    async current(actor: SessionUser, clientId: string | undefined, intent: Intent): Promise<JourneyAccess> {
      if (clientId !== undefined) {
        const access = await forClient(actor, clientId, intent);
        if (!access) throw new HouseholdNotFoundError();
        return access;
      }
      if (actor.role === 'agent') throw new ForbiddenError('This action is for home sellers only');
      const own = await ownClient(actor.id);
      if (own) return { clientId: own.id, sellerUserId: actor.id, role: 'seller', actor };
      const [household] = await memberships(actor.id);
      if (household) {
        return { clientId: household.clientId, sellerUserId: household.sellerUserId, role: 'member', actor };
      }
      const made = actor.role === 'client' ? await ownClientOnceMade(actor.id) : undefined;
      if (made) return { clientId: made.id, sellerUserId: actor.id, role: 'seller', actor };
      throw new JourneyNotReadyError();
    },

    /** GET /api/clients/current/households: the caller's own journey first, then each household. */
    async households(actor: SessionUser): Promise<Household[]> {
      const [own, rows] = await Promise.all([
        actor.role === 'client' ? ownClient(actor.id) : undefined,
        memberships(actor.id),
      ]);
      const list: Household[] = [];
      if (own) list.push({ clientId: own.id, ownerName: 'My home', groupName: null, own: true });
      const seen = new Set(list.map((household) => household.clientId));
      for (const row of rows) {
        if (seen.has(row.clientId)) continue;
        seen.add(row.clientId);
        list.push({
          clientId: row.clientId,
          ownerName: `${row.firstName} ${row.lastName}`.trim(),
          groupName: row.groupName,
          own: false,
        });
      }
      return list;
    },
  };
}
export type JourneyAccessControl = ReturnType<typeof createJourneyAccess>;
