/**
 * Which journey a member of two households works on (issue 12): kept in localStorage so it
 * survives reloads and new tabs, and sent as `?clientId=` on every `/api/clients/current/*` call.
 * No choice means the server's default (the caller's own journey, else their oldest household).
 */
import { readStored, writeStored } from '@listready/web-client';

export const HOUSEHOLD_CHOICE_STORAGE_KEY = 'listready.householdClientId';

type Listener = () => void;
const listeners = new Set<Listener>();

export function readHouseholdChoice(): string | null {
  return readStored('local', HOUSEHOLD_CHOICE_STORAGE_KEY);
}

/**
 * Remembers the journey to work on; null goes back to the default. Where storage refuses it, the
 * choice still moves this page (its listeners), but not the next one.
 */
export function writeHouseholdChoice(clientId: string | null): void {
  writeStored('local', HOUSEHOLD_CHOICE_STORAGE_KEY, clientId);
  for (const listener of listeners) listener();
}

export function subscribeHouseholdChoice(listener: Listener): () => void {
  listeners.add(listener);
  // Another tab choosing a journey moves this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === HOUSEHOLD_CHOICE_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** A `/api/clients/current/*` URL for the chosen journey (unchanged for the default one). */
export function withClientId(url: string, clientId: string | undefined): string {
  if (!clientId) return url;
  const separator = url.includes('?') ? '&' : '?';
  return `${url}${separator}clientId=${encodeURIComponent(clientId)}`;
}

/** The journey a page's query names (`?clientId=`), or null. */
export const linkedClientIdOf = (search: string): string | null =>
  new URLSearchParams(search).get('clientId') || null;

/**
 * `?clientId=` in the page's own address: a link naming the journey to open (the agent's dashboard
 * opens a client's journey this way, read-only on the server). It comes before a remembered choice.
 */
export function readLinkedClientId(): string | null {
  return linkedClientIdOf(window.location.search);
}

/** In-app navigations and back/forward (single-spa announces both with popstate). */
export function subscribeLocation(listener: Listener): () => void {
  window.addEventListener('popstate', listener);
  return () => window.removeEventListener('popstate', listener);
}
