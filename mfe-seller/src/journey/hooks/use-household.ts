import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { householdsSchema, type Household, type UserGroup } from '@listready/contracts/journey';
import { apiClient, apiQuery, useSession } from '@listready/web-client';
import {
  readHouseholdChoice,
  readLinkedClientId,
  subscribeHouseholdChoice,
  subscribeLocation,
  withClientId,
  writeHouseholdChoice,
} from '../utils/household-choice.ts';
import { HOUSEHOLDS_URL } from '../utils/journey-api.ts';
import { userGroupsQuery } from '../../profile/utils/profile-reads.ts';

/** GET /api/clients/current/households: the journeys the caller may work on, their own first. */
export const householdsQuery = apiQuery(apiClient, HOUSEHOLDS_URL, householdsSchema);

export function useHouseholds(enabled = true) {
  return useQuery({ ...householdsQuery, enabled });
}

export interface JourneyChoice {
  /** The `?clientId=` to send, or undefined for the server's default journey. */
  clientId: string | undefined;
  /** False while a remembered choice is being checked against the households list. */
  ready: boolean;
  /** The households list's entry for the journey on screen, once read (never for an agent). */
  household: Household | undefined;
}

/** The journey the page's own address names (`?clientId=`: an agent following a client), or null. */
export function useLinkedClientId(): string | null {
  return useSyncExternalStore(subscribeLocation, readLinkedClientId, () => null);
}

/**
 * The journey the journey calls work on: the one the page's `?clientId=` names (an agent following
 * a client), else a remembered choice — sent only once the households list confirms it (a member
 * who left a group would otherwise get 404s); without either, nothing waits. A seller or member with
 * either reads the households list (one cache entry) to say whose journey it is; an agent never does.
 */
export function useJourneyChoice(): JourneyChoice {
  const linked = useLinkedClientId();
  const stored = useSyncExternalStore(subscribeHouseholdChoice, readHouseholdChoice, () => null);
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  const agent = signedIn && session.user.role === 'agent';
  const households = useHouseholds(signedIn && !agent && (linked ?? stored) !== null);
  const find = (clientId: string) => households.data?.find((household) => household.clientId === clientId);
  if (linked !== null) return { clientId: linked, ready: true, household: find(linked) };
  if (stored === null) return { clientId: undefined, ready: true, household: undefined };
  if (households.isPending) return { clientId: undefined, ready: !signedIn, household: undefined };
  const chosen = find(stored);
  if (!chosen || chosen.own) return { clientId: undefined, ready: true, household: chosen };
  return { clientId: chosen.clientId, ready: true, household: chosen };
}

/** Whose journey the page works on: the reader's own, a household's (its client id and seller), a client's. */
export type JourneyOwner =
  { kind: 'own' } | { kind: 'household'; clientId: string; ownerName: string | null } | { kind: 'client' };

export function useJourneyOwner(agent: boolean): JourneyOwner {
  const { clientId, household } = useJourneyChoice();
  if (agent) return { kind: 'client' };
  if (clientId === undefined || household?.own) return { kind: 'own' };
  return { kind: 'household', clientId, ownerName: household?.ownerName ?? null };
}

/**
 * An agent following a client's journey (`/journey?clientId=` from the dashboard): the screen only
 * reads — the server refuses an agent's changes with 403, so none are offered.
 */
export function useReadOnlyJourney(): boolean {
  const session = useSession();
  return session.status === 'signed-in' && session.user.role === 'agent';
}

/** A journey read's URL for the chosen journey, and whether it may be fetched yet. */
export function useJourneyUrl(url: string): { url: string; enabled: boolean } {
  const { clientId, ready } = useJourneyChoice();
  return { url: withClientId(url, clientId), enabled: ready };
}

export { writeHouseholdChoice };

/** GET /api/user-groups (also the profile's My Groups: one cache entry). */
export const useUserGroups = (enabled = true) => useQuery({ ...userGroupsQuery, enabled });

/**
 * The names the assignee field offers: the people of the household whose journey it is — the
 * members of the groups that seller owns, the seller included.
 */
export function useHouseholdMemberNames(sellerUserId: string | undefined): string[] {
  const groups = useUserGroups(sellerUserId !== undefined);
  return householdMemberNames(groups.data ?? [], sellerUserId);
}

export function householdMemberNames(
  groups: readonly UserGroup[],
  sellerUserId: string | undefined,
): string[] {
  const names = groups
    .filter((group) => group.ownerId === sellerUserId)
    .flatMap((group) => group.members.map((member) => member.name.trim()))
    .filter(Boolean);
  return [...new Set(names)].toSorted((a, b) => a.localeCompare(b));
}
