import { useDeferredValue, useEffect } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { ProfileSkeleton } from '@listready/ui';
import {
  groupInviteCodeIn,
  nameProfileTabInAddress,
  openProfileTab,
  returnToProfileTab,
  sessionQuery,
  useLocationSearch,
  useProfileTab,
  useSentInvitations,
  type ProfileTab,
} from '@listready/web-client';
import { useGroups } from '../hooks/use-profile-requests.ts';
import { CustomTasksTab } from './custom-tasks-tab.tsx';
import { EditProfileTab } from './edit-profile-tab.tsx';
import { GroupsTab } from './groups-tab.tsx';
import { OverviewTab } from './overview-tab.tsx';

const TAB_TITLES: Record<ProfileTab, string> = {
  overview: 'My Profile',
  profile: 'Edit Profile',
  groups: 'My Groups',
  tasks: 'Custom Tasks',
};

/**
 * Whether the outline still waits for a read's first answer. Only for that: once it failed, a read
 * again (a tab's own observer mounting asks anew, back to pending) must not put the outline back —
 * that unmounted the tab, whose next mount asked again, in a loop. Offline with no copy kept, the
 * read waits for the network (react-query pauses it) and the screen does not wait with it, so
 * Custom Tasks still works offline.
 */
const awaitsFirstAnswer = (query: UseQueryResult) =>
  query.isPending && query.fetchStatus !== 'paused' && query.errorUpdateCount === 0;

/**
 * /profile (spec seller §2): four tabs whose bar is hidden — the bottom navigation chooses one
 * (session storage `profileActiveTab`, then a `window` CustomEvent `profileTabChange` when already
 * here), and the address names it (`/profile?tab=groups`), so Back steps between them; see
 * @listready/web-client's profile-tab.ts.
 */
export function ProfileScreen() {
  // The tab the address names (`?tab=`; My Groups for a group's invite link, `?join=<code>`, with
  // the code in Join a Group), else the one last chosen.
  const [tab] = useProfileTab();
  const search = useLocationSearch();
  const joinCode = groupInviteCodeIn(search);
  // The address names the tab shown (a bare /profile gets its `?tab=` in place), and it is kept as
  // the chosen one, so the bottom navigation's current button follows.
  useEffect(() => {
    nameProfileTabInAddress();
  }, [tab, search]);
  // As the bottom navigation does: a new history entry, so Back returns here.
  const selectTab = (next: ProfileTab) => openProfileTab(next);
  const session = useQuery(sessionQuery);
  const groups = useGroups();
  const user = session.data;
  // A seller's overview shows their invitation to an agent in My Agent: read with the groups, so the
  // card is drawn whole with the rest instead of pushing the cards under it down once it arrives.
  const sentInvitations = useSentInvitations({ enabled: user?.role === 'client' });
  // Groups that could not be read say so (offline with no copy kept, or an error).
  const groupsWaiting = awaitsFirstAnswer(groups);
  const groupsFailed = groups.isError || (groups.isPending && !groupsWaiting);
  const waiting = groupsWaiting || (user?.role === 'client' && awaitsFirstAnswer(sentInvitations));
  // The groups' answer comes through react-query's store, whose updates React renders at once: drawn
  // in that update, the whole overview (the calendar card, its form, every field's registration) was
  // one task of 65–120 ms at a phone's CPU speed (issue 16). Deferred, the outline stays for that
  // update and the overview comes in the background render after it, which React splits into slices
  // of a few milliseconds; what is drawn is the same. Data already in the cache (back from another
  // screen) draws at once: a deferred value mounts as it is.
  const shown = useDeferredValue(user !== undefined && !waiting);

  if (!user || waiting || !shown) {
    return <ProfileSkeleton label="Loading your profile..." />;
  }

  return (
    <section className="mx-auto max-w-4xl space-y-6 px-4 py-10" data-profile-tab={tab}>
      <h1 className="text-3xl font-bold tracking-tight">{TAB_TITLES[tab]}</h1>
      {tab === 'overview' && (
        <OverviewTab
          user={user}
          groups={groups.data ?? []}
          groupsFailed={groupsFailed}
          sentInvitations={sentInvitations.data}
          onSelectTab={selectTab}
        />
      )}
      {tab === 'profile' && <EditProfileTab user={user} onDone={() => returnToProfileTab('overview')} />}
      {tab === 'groups' && <GroupsTab groups={groups.data ?? []} failed={groupsFailed} joinCode={joinCode} />}
      {tab === 'tasks' && <CustomTasksTab user={user} />}
    </section>
  );
}
