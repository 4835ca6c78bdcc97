import { useQuery } from '@tanstack/react-query';
import { AGENT_CLIENTS_URL, agentClientName, agentClientRowsSchema } from '@listready/contracts/journey';
import { apiClient, apiQuery, useSession } from '@listready/web-client';
import { useLinkedClientId } from '../hooks/use-household.ts';

/**
 * The agent's clients, as their dashboard reads them (one cache entry: coming from the dashboard,
 * the name is there at once).
 */
const agentClientsQuery = apiQuery(apiClient, AGENT_CLIENTS_URL, agentClientRowsSchema);

/** The name of the client an agent follows (`?clientId=`), once their clients are known. */
function useFollowedClientName(enabled: boolean): string | null {
  const linked = useLinkedClientId();
  const clients = useQuery({ ...agentClientsQuery, enabled: enabled && linked !== null });
  const row = clients.data?.find((client) => client.client.id === linked);
  return row ? agentClientName(row) : null;
}

/** Spec seller §2: "Hello <first name>!" (fallback Hello John!) and the tagline. */
export function JourneyGreeting() {
  const session = useSession();
  const agent = session.status === 'signed-in' && session.user.role === 'agent';
  const followed = useFollowedClientName(agent);
  const firstName = session.status === 'signed-in' ? session.user.firstName.trim() : '';
  if (agent) {
    // An agent following a client from the dashboard: whose journey this is, and that it only reads.
    return (
      <header>
        <h1 className="text-3xl font-bold tracking-tight">
          {followed ? `${followed}’s journey` : 'Your client’s journey'}
        </h1>
        <p className="mt-2 text-ink-muted">Read-only: your client and their household make the changes.</p>
      </header>
    );
  }
  return (
    <header>
      <h1 className="text-3xl font-bold tracking-tight">Hello {firstName || 'John'}!</h1>
      <p className="mt-2 text-ink-muted">Let&apos;s get moving</p>
    </header>
  );
}
