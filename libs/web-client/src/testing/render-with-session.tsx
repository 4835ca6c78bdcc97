import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { PublicUser } from '@listready/contracts/auth';
import { aPublicUser } from '@listready/contracts/fixtures';
import { createAppQueryClient } from '../api/query-client.ts';
import { SESSION_QUERY_KEY, type SessionUser } from '../session/session.ts';

/** Alan Agent, signed in: `aPublicUser` with an agent's fields, and `overrides`. */
export const anAgent = (overrides: Partial<PublicUser> = {}): PublicUser =>
  aPublicUser({
    id: 'user-1',
    email: 'alan@example.com',
    firstName: 'Alan',
    lastName: 'Agent',
    role: 'agent',
    ...overrides,
  });

/**
 * Renders `ui` as the shell gives a screen to a remote: under a `QueryClientProvider` with the app's
 * query client, the session already known — a user, or `null` for a visitor (`undefined` leaves it to
 * be asked, as on a first load). Answers the render with the query client, to seed or read its cache.
 */
export function renderWithSession(
  ui: ReactElement,
  session?: SessionUser | null,
): RenderResult & { queryClient: QueryClient } {
  const queryClient = createAppQueryClient();
  if (session !== undefined) queryClient.setQueryData(SESSION_QUERY_KEY, session);
  return { ...render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>), queryClient };
}
