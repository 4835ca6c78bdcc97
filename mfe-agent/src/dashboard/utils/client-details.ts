import type { AgentClientRow } from '@listready/contracts/journey';

/** The client's full name, else their e-mail (a seller always has one). */
export function clientName(row: AgentClientRow): string {
  return `${row.user.firstName} ${row.user.lastName}`.trim() || row.user.email;
}

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
    [clientName(row), user.email, user.phone, property?.address, property?.city, property?.state]
      .filter(Boolean)
      .join(' '),
  );
  return words.every((word) => text.includes(word));
}

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
