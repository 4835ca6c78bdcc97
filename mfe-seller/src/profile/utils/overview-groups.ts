import { OVERVIEW_GROUP_LIMIT, type UserGroup } from './profile-api.ts';

/** The groups the Overview lists, and the `And N more groups...` line (null when none are left out). */
export function overviewGroups(groups: readonly UserGroup[]): {
  shown: UserGroup[];
  moreLine: string | null;
} {
  const shown = groups.slice(0, OVERVIEW_GROUP_LIMIT);
  const more = groups.length - shown.length;
  return { shown, moreLine: more > 0 ? `And ${more} more groups...` : null };
}

/** The invite-code input keeps what was typed, upper-cased (spec seller §5). */
export const inviteCodeInput = (typed: string) => typed.toUpperCase();
