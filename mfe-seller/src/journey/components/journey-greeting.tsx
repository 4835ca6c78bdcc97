import { useQuery } from '@tanstack/react-query';
import { AGENT_CLIENTS_URL, agentClientName, agentClientRowsSchema } from '@listready/contracts/journey';
import { apiClient, apiQuery, localDayLabel, useSession } from '@listready/web-client';
import { useJourneyOwner, useLinkedClientId } from '../hooks/use-household.ts';

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

/**
 * On paper, in place of the greeting: what the sheet is, whose, and the day it was printed (read at
 * each render, and the journey screen renders as printing starts).
 */
function PaperHeading({ title, whose }: { title: string; whose: string | null }) {
  return (
    <div className="hidden print:block">
      <p className="text-2xl font-bold">{title}</p>
      <p className="mt-1">{[whose, `Printed ${localDayLabel(new Date())}`].filter(Boolean).join(' · ')}</p>
    </div>
  );
}

/** Spec seller §2: "Hello <first name>!" (fallback Hello John!) and the tagline. */
export function JourneyGreeting() {
  const session = useSession();
  const agent = session.status === 'signed-in' && session.user.role === 'agent';
  const followed = useFollowedClientName(agent);
  const owner = useJourneyOwner(agent);
  const user = session.status === 'signed-in' ? session.user : null;
  const firstName = user?.firstName.trim() ?? '';
  if (agent) {
    // An agent following a client from the dashboard: whose journey this is, and that it only reads.
    const title = followed ? `${followed}’s journey` : 'Your client’s journey';
    return (
      <header>
        <div className="print:hidden">
          <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
          <p className="mt-2 text-ink-muted">Read-only: your client and their household make the changes.</p>
        </div>
        <PaperHeading title={title} whose={null} />
      </header>
    );
  }
  const whose =
    owner.kind === 'household'
      ? owner.ownerName && `${owner.ownerName}’s home`
      : user && `${user.firstName} ${user.lastName}`.trim();
  return (
    <header>
      <div className="print:hidden">
        <h1 className="text-3xl font-bold tracking-tight">Hello {firstName || 'John'}!</h1>
        <p className="mt-2 text-ink-muted">Let&apos;s get moving</p>
      </div>
      <PaperHeading title="Home-sale checklist" whose={whose || null} />
    </header>
  );
}
