import { agentClientName, type AgentClientRow } from '@listready/contracts/journey';

/** Lower case without accents, so "jose" finds José. */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * Whether each word of `query` is somewhere in the client's name, e-mail, phone or property, in any
 * order and case, accents aside ("york springfield" finds Nora York of Springfield). An empty query
 * matches every client.
 */
export function clientMatches(row: AgentClientRow, query: string): boolean {
  const words = folded(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const { user, property } = row;
  const text = folded(
    [
      agentClientName(row),
      user.email,
      user.phone,
      // The phone's digits alone too: 5550142 finds 555-0142.
      user.phone?.replace(/\D/g, ''),
      property?.address,
      property?.city,
      property?.state,
    ]
      .filter(Boolean)
      .join(' '),
  );
  return words.every((word) => text.includes(word));
}

/** The columns the Clients table sorts by, and the way each sorts first. */
export const CLIENT_SORTS = {
  client: { label: 'Client', first: 'ascending' },
  progress: { label: 'Progress', first: 'ascending' },
  lastActivity: { label: 'Last Activity', first: 'descending' },
} as const;
export type ClientSortKey = keyof typeof CLIENT_SORTS;
export interface ClientSort {
  key: ClientSortKey;
  direction: 'ascending' | 'descending';
}
/** The server's order: most recently active first. */
export const DEFAULT_CLIENT_SORT: ClientSort = { key: 'lastActivity', direction: 'descending' };

let names: Intl.Collator | undefined;
/** Names in the viewer's order ('anna' beside 'Anna', 'Client 2' before 'Client 10'). */
function compareNames(a: string, b: string): number {
  names ??= new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  return names.compare(a, b);
}

/** Ascending order of `key`; ties by name. */
const compareBy: Record<ClientSortKey, (a: AgentClientRow, b: AgentClientRow) => number> = {
  client: (a, b) => compareNames(agentClientName(a), agentClientName(b)),
  progress: (a, b) => a.progressPercentage - b.progressPercentage,
  lastActivity: (a, b) => Date.parse(a.client.updatedAt) - Date.parse(b.client.updatedAt),
};

/** `rows` in the order `sort` asks, ties by name (A–Z) whichever the direction; a new array. */
export function sortClients(rows: readonly AgentClientRow[], sort: ClientSort): AgentClientRow[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => sign * compareBy[sort.key](a, b) || compareBy.client(a, b));
}

/** A click on `key`'s header: the other direction when it already sorts, else its first. */
export const nextClientSort = (current: ClientSort, key: ClientSortKey): ClientSort =>
  current.key === key
    ? { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
    : { key, direction: CLIENT_SORTS[key].first };

/** Up to two letters for the avatar when there is no photo. */
export function clientInitials(row: AgentClientRow): string {
  const letters = [row.user.firstName, row.user.lastName]
    .map((part) => part.trim().charAt(0))
    .filter(Boolean)
    .join('');
  return (letters || row.user.email.charAt(0) || '?').toUpperCase();
}

/** 'City, ST' under the address (whichever parts there are). */
export function cityAndState(property: NonNullable<AgentClientRow['property']>): string {
  return [property.city, property.state].filter(Boolean).join(', ');
}

/** The client's journey, read-only, in the seller remote (`?clientId=` names it). */
export const clientJourneyHref = (row: AgentClientRow) =>
  `/journey?clientId=${encodeURIComponent(row.client.id)}`;
