import { and, asc, count, eq, inArray } from 'drizzle-orm';
import {
  GROUP_MAX_MEMBERS_DEFAULT,
  GroupErrorCode,
  groupMessages,
  type GroupRole,
  type UserGroup,
} from '@listready/contracts';
import {
  clients,
  isUniqueViolation,
  userGroupMemberships,
  userGroups,
  users,
  type Db,
  type Executor,
} from '@listready/db';
import { ConflictError, HttpError, NotFoundError, type SessionUser } from '@listready/service-kit';
import type { Clock } from '../clock.ts';
import { newInviteCode } from './invite-codes.ts';

type GroupRow = typeof userGroups.$inferSelect;

export class GroupNotFoundError extends NotFoundError {
  constructor(message: string = groupMessages.groupUnknown) {
    super(message, GroupErrorCode.groupNotFound);
    this.name = 'GroupNotFoundError';
  }
}

class GroupRoleRequiredError extends HttpError {
  constructor() {
    super(403, GroupErrorCode.notAllowed, groupMessages.notAllowed);
    this.name = 'GroupRoleRequiredError';
  }
}

/** Attempts at a fresh invite code before giving up (a collision is about one in 10^12 per try). */
const CODE_ATTEMPTS = 5;

/**
 * Groups and their members. A group a seller creates is that seller's household (see
 * JourneyAccessControl). Only the owner and admins edit a group or its members; the owner is never
 * removed or demoted. Joining locks the group's row, so two people taking the last seat at the same
 * moment are served one after the other and exactly one gets it.
 */
export function createGroupService(options: { db: Db; clock: Clock }) {
  const { db, clock } = options;

  /** The caller's active membership in `groupId`, or 404 when they are not in it (ids do not leak). */
  async function membershipOf(executor: Executor, groupId: string, userId: string) {
    const [row] = await executor
      .select({ role: userGroupMemberships.role, group: userGroups })
      .from(userGroupMemberships)
      .innerJoin(userGroups, eq(userGroups.id, userGroupMemberships.groupId))
      .where(
        and(
          eq(userGroupMemberships.groupId, groupId),
          eq(userGroupMemberships.userId, userId),
          eq(userGroupMemberships.isActive, true),
        ),
      )
      .limit(1);
    if (!row) throw new GroupNotFoundError();
    return row;
  }

  async function editable(executor: Executor, groupId: string, actor: SessionUser) {
    const membership = await membershipOf(executor, groupId, actor.id);
    if (membership.role === 'member') throw new GroupRoleRequiredError();
    return membership;
  }

  /** The groups as `userId` sees them: their role, the active members with names, oldest first. */
  async function describe(executor: Executor, userId: string, groupIds?: string[]): Promise<UserGroup[]> {
    const mine = await executor
      .select({ group: userGroups, role: userGroupMemberships.role, householdClientId: clients.id })
      .from(userGroupMemberships)
      .innerJoin(userGroups, eq(userGroups.id, userGroupMemberships.groupId))
      // The owner's journey, when the owner is a home seller: the one the group shares.
      .leftJoin(clients, eq(clients.userId, userGroups.ownerId))
      .where(
        and(
          eq(userGroupMemberships.userId, userId),
          eq(userGroupMemberships.isActive, true),
          groupIds ? inArray(userGroups.id, groupIds) : undefined,
        ),
      )
      .orderBy(asc(userGroupMemberships.joinedAt));
    if (mine.length === 0) return [];
    const members = await executor
      .select({
        groupId: userGroupMemberships.groupId,
        userId: userGroupMemberships.userId,
        role: userGroupMemberships.role,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(userGroupMemberships)
      .innerJoin(users, eq(users.id, userGroupMemberships.userId))
      .where(
        and(
          inArray(
            userGroupMemberships.groupId,
            mine.map((row) => row.group.id),
          ),
          eq(userGroupMemberships.isActive, true),
        ),
      )
      .orderBy(asc(userGroupMemberships.joinedAt));
    return mine.map(({ group, role, householdClientId }) => {
      const list = members
        .filter((member) => member.groupId === group.id)
        .map((member) => ({
          userId: member.userId,
          name: `${member.firstName} ${member.lastName}`.trim(),
          role: member.role,
        }));
      return {
        id: group.id,
        name: group.name,
        description: group.description,
        inviteCode: group.inviteCode,
        ownerId: group.ownerId,
        householdClientId,
        maxMembers: group.maxMembers,
        isActive: group.isActive,
        role,
        memberCount: list.length,
        members: list,
        createdAt: group.createdAt.toISOString(),
        updatedAt: group.updatedAt.toISOString(),
      };
    });
  }

  async function one(userId: string, groupId: string): Promise<UserGroup> {
    const [group] = await describe(db, userId, [groupId]);
    if (!group) throw new GroupNotFoundError();
    return group;
  }

  return {
    list: (actor: SessionUser) => describe(db, actor.id),

    /** A new group with the caller as owner (its first member). */
    async create(
      actor: SessionUser,
      input: { name: string; description: string | null },
    ): Promise<UserGroup> {
      const group = await withFreshCode((inviteCode) =>
        db.transaction(async (tx) => {
          const [created] = await tx
            .insert(userGroups)
            .values({
              name: input.name,
              description: input.description,
              ownerId: actor.id,
              inviteCode,
              maxMembers: GROUP_MAX_MEMBERS_DEFAULT,
            })
            .returning();
          if (!created) throw new Error('group insert returned no row');
          await tx
            .insert(userGroupMemberships)
            .values({ groupId: created.id, userId: actor.id, role: 'owner' });
          return created;
        }),
      );
      return one(actor.id, group.id);
    },

    /**
     * The owner or an admin replaces the invite code: the old one joins nobody from now on (a code
     * shared too widely, or known to someone removed), and everyone already in stays.
     */
    async replaceInviteCode(actor: SessionUser, groupId: string): Promise<UserGroup> {
      await withFreshCode((inviteCode) =>
        db.transaction(async (tx) => {
          await editable(tx, groupId, actor);
          await tx
            .update(userGroups)
            .set({ inviteCode, updatedAt: clock() })
            .where(eq(userGroups.id, groupId));
        }),
      );
      return one(actor.id, groupId);
    },

    /** Joins by invite code (already upper-cased by the contract). */
    async join(actor: SessionUser, inviteCode: string): Promise<UserGroup> {
      const groupId = await db.transaction(async (tx) => {
        // The group's row lock orders joins: the member count below cannot change under us.
        const [group] = await tx
          .select()
          .from(userGroups)
          .where(eq(userGroups.inviteCode, inviteCode))
          .for('update');
        if (!group || !group.isActive) throw new GroupNotFoundError(groupMessages.groupNotFound);
        const [existing] = await tx
          .select()
          .from(userGroupMemberships)
          .where(and(eq(userGroupMemberships.groupId, group.id), eq(userGroupMemberships.userId, actor.id)))
          .limit(1);
        if (existing?.isActive)
          throw new ConflictError(groupMessages.alreadyMember, GroupErrorCode.alreadyMember);
        const [seats] = await tx
          .select({ taken: count() })
          .from(userGroupMemberships)
          .where(and(eq(userGroupMemberships.groupId, group.id), eq(userGroupMemberships.isActive, true)));
        if ((seats?.taken ?? 0) >= group.maxMembers) {
          throw new ConflictError(
            `${groupMessages.groupFull} (${group.maxMembers} members at most)`,
            GroupErrorCode.groupFull,
          );
        }
        if (existing) {
          await tx
            .update(userGroupMemberships)
            .set({ isActive: true, role: 'member', joinedAt: clock() })
            .where(eq(userGroupMemberships.id, existing.id));
        } else {
          await tx
            .insert(userGroupMemberships)
            .values({ groupId: group.id, userId: actor.id, role: 'member' });
        }
        return group.id;
      });
      return one(actor.id, groupId);
    },

    async update(
      actor: SessionUser,
      groupId: string,
      input: { name: string; description: string | null },
    ): Promise<UserGroup> {
      await db.transaction(async (tx) => {
        await editable(tx, groupId, actor);
        await tx
          .update(userGroups)
          .set({ name: input.name, description: input.description, updatedAt: clock() })
          .where(eq(userGroups.id, groupId));
      });
      return one(actor.id, groupId);
    },

    /** The owner or an admin makes a member an admin or a member again; the owner stays owner. */
    async setRole(actor: SessionUser, groupId: string, userId: string, role: Exclude<GroupRole, 'owner'>) {
      await db.transaction(async (tx) => {
        const { group } = await editable(tx, groupId, actor);
        await changeMember(tx, group, userId, { role });
      });
      return one(actor.id, groupId);
    },

    /**
     * The owner deletes the group: its memberships go with it (and with them every member's access
     * to any journey it shared), and its invite code stops working. Admins and members are refused.
     */
    async remove(actor: SessionUser, groupId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const { role } = await membershipOf(tx, groupId, actor.id);
        if (role !== 'owner') throw new HttpError(403, GroupErrorCode.ownerOnly, groupMessages.ownerOnly);
        await tx.delete(userGroups).where(eq(userGroups.id, groupId));
      });
    },

    /** The owner or an admin removes a member; anyone but the owner may leave. */
    async removeMember(actor: SessionUser, groupId: string, userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const { group } =
          userId === actor.id
            ? await membershipOf(tx, groupId, actor.id)
            : await editable(tx, groupId, actor);
        await changeMember(tx, group, userId, { isActive: false });
      });
    },
  };

  /** Runs `write` with a new invite code, drawing again while one is taken (the unique index says). */
  async function withFreshCode<T>(write: (inviteCode: string) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await write(newInviteCode());
      } catch (error) {
        if (attempt < CODE_ATTEMPTS && isUniqueViolation(error, 'user_groups_invite_code_unique')) continue;
        throw error;
      }
    }
  }

  async function changeMember(
    tx: Executor,
    group: GroupRow,
    userId: string,
    change: { role?: GroupRole; isActive?: boolean },
  ): Promise<void> {
    if (userId === group.ownerId)
      throw new HttpError(403, GroupErrorCode.ownerStays, groupMessages.ownerStays);
    const changed = await tx
      .update(userGroupMemberships)
      .set(change)
      .where(
        and(
          eq(userGroupMemberships.groupId, group.id),
          eq(userGroupMemberships.userId, userId),
          eq(userGroupMemberships.isActive, true),
        ),
      )
      .returning({ id: userGroupMemberships.id });
    if (changed.length === 0)
      throw new NotFoundError(groupMessages.memberUnknown, GroupErrorCode.memberUnknown);
  }
}
export type GroupService = ReturnType<typeof createGroupService>;
