import { z } from 'zod';
import { GROUP_ROLES } from '../enums.ts';

/**
 * Groups and the household (seller spec §2 /profile, §3 User group, §7 calls). A group a seller
 * creates is that seller's household: its members work the seller's journey (DESIGN.md §3).
 * Browser-safe: the profile screens and services/journey validate with these schemas.
 */

export const groupMessages = {
  nameRequired: 'Group name is required',
  nameTooLong: 'Group name must be at most 100 characters',
  descriptionTooLong: 'Description must be at most 500 characters',
  inviteCodeRequired: 'Invite code is required',
  inviteCodeInvalid: 'Invite codes are 8 letters and digits',
  groupNotFound:
    'No group has that invite code. A group given a new code no longer takes the old one: ask for the current code.',
  groupUnknown: 'Group not found',
  alreadyMember: 'You are already a member of this group',
  groupFull: 'This group is full',
  notAllowed: 'Only the group’s owner or an admin can do that',
  ownerStays: 'The group’s owner cannot be removed or given another role',
  memberUnknown: 'That person is not a member of this group',
  householdUnknown: 'You are not a member of that household',
  ownerOnly: 'Only the group’s owner can delete it',
} as const;

export const GroupErrorCode = {
  groupNotFound: 'GROUP_NOT_FOUND',
  alreadyMember: 'ALREADY_MEMBER',
  groupFull: 'GROUP_FULL',
  notAllowed: 'GROUP_ROLE_REQUIRED',
  ownerStays: 'GROUP_OWNER_STAYS',
  memberUnknown: 'MEMBER_NOT_FOUND',
  householdUnknown: 'HOUSEHOLD_NOT_FOUND',
  ownerOnly: 'GROUP_OWNER_REQUIRED',
} as const;

/** Invite codes: 8 characters from upper-case letters and digits without look-alikes (0/O, 1/I). */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const INVITE_CODE_LENGTH = 8;
export const GROUP_MAX_MEMBERS_DEFAULT = 10;

export const groupRoleSchema = z.enum(GROUP_ROLES);
export type GroupRole = z.infer<typeof groupRoleSchema>;

const optionalDescription = z
  .string({ error: groupMessages.descriptionTooLong })
  .trim()
  .max(500, groupMessages.descriptionTooLong)
  .nullish()
  .transform((value) => (value ? value : null));

/** POST /api/user-groups and PUT /api/user-groups/{id}: name required, description optional. */
export const groupWriteSchema = z.object({
  name: z
    .string({ error: groupMessages.nameRequired })
    .trim()
    .min(1, groupMessages.nameRequired)
    .max(100, groupMessages.nameTooLong),
  description: optionalDescription,
});
export type GroupWrite = z.input<typeof groupWriteSchema>;

/** POST /api/user-groups/join: the code as typed, in any case, surrounding spaces ignored. */
export const groupJoinSchema = z.object({
  inviteCode: z
    .string({ error: groupMessages.inviteCodeRequired })
    .trim()
    .min(1, { error: groupMessages.inviteCodeRequired, abort: true })
    .toUpperCase()
    .regex(new RegExp(`^[A-Z0-9]{${INVITE_CODE_LENGTH}}$`), groupMessages.inviteCodeInvalid),
});
export type GroupJoin = z.input<typeof groupJoinSchema>;

/** PUT /api/user-groups/{id}/members/{userId}: owner and admins set admin or member. */
export const groupMemberRoleSchema = z.object({
  role: z.enum(['admin', 'member'], { error: 'Role must be admin or member' }),
});

export const groupIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const groupMemberParamsSchema = z.object({
  id: z.string().min(1).max(100),
  userId: z.string().min(1).max(100),
});

export const groupMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  role: groupRoleSchema,
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

/** A group as its members see it: the code, the caller's role and the active members. */
export const userGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  inviteCode: z.string(),
  ownerId: z.string(),
  /**
   * The journey the group shares (its owner's, `?clientId=`), or null when the owner is not a home
   * seller. Absent from a journey service older than this field: read as null.
   */
  householdClientId: z.string().nullable().default(null),
  maxMembers: z.int(),
  isActive: z.boolean(),
  role: groupRoleSchema,
  memberCount: z.int(),
  members: z.array(groupMemberSchema),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type UserGroup = z.infer<typeof userGroupSchema>;
/** GET /api/user-groups: the groups the caller belongs to, oldest first. */
export const userGroupsSchema = z.array(userGroupSchema);

/**
 * A journey the caller may work on: their own (a seller's) and each household they belong to.
 * GET /api/clients/current/households; every /api/clients/current/* call takes `?clientId=` to
 * choose one (default: the caller's own journey, else their oldest household).
 */
export const householdSchema = z.object({
  clientId: z.string(),
  ownerName: z.string(),
  groupName: z.string().nullable(),
  own: z.boolean(),
});
export type Household = z.infer<typeof householdSchema>;
export const householdsSchema = z.array(householdSchema);

export const householdQuerySchema = z.object({ clientId: z.string().min(1).max(100).optional() });

/** Who completed a task (a seller or a member of their household). */
export const completedBySchema = z.object({ id: z.string(), name: z.string() }).nullable();
