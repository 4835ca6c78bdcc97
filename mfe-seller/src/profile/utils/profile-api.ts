import type { GroupWrite, UserGroup } from '@listready/contracts/journey';
import type { PublicUser } from '@listready/contracts/auth';

/* The profile screen's calls (spec seller §7). Reads are keyed by their URL (`apiQuery`). */
export const GROUPS_URL = '/api/user-groups';
export const JOIN_GROUP_URL = '/api/user-groups/join';
export const CURRENT_USER_URL = '/api/auth/user';
export const PASSWORD_URL = '/api/auth/user/password';
export const SESSIONS_URL = '/api/auth/user/sessions';
export const SIGN_OUT_OTHERS_URL = `${SESSIONS_URL}/sign-out-others`;
export const sessionUrl = (id: string) => `${SESSIONS_URL}/${encodeURIComponent(id)}`;

export const GROUPS_QUERY_KEY = [GROUPS_URL] as const;

export const groupUrl = (id: string) => `${GROUPS_URL}/${encodeURIComponent(id)}`;
export const groupInviteCodeUrl = (id: string) => `${groupUrl(id)}/invite-code`;
export const groupMemberUrl = (groupId: string, userId: string) =>
  `${groupUrl(groupId)}/members/${encodeURIComponent(userId)}`;

/** Overview shows at most 3 groups (spec seller §9). */
export const OVERVIEW_GROUP_LIMIT = 3;

export type { GroupWrite, PublicUser, UserGroup };
