import * as Tabs from '@radix-ui/react-tabs';
import { LoadingSpinner } from '@listready/ui';
import { useLocationSearch, useSentInvitations, useSession, writeAddress } from '@listready/web-client';
import { BrandingPanel } from '../branding/branding-panel.tsx';
import { CalendarFeedCard } from './components/calendar-feed-card.tsx';
import { ClientPropertiesCard } from './components/client-properties-card.tsx';
import { ReadinessInsights } from './components/readiness-insights.tsx';
import { SignOutButton } from './components/sign-out-button.tsx';
import { StatsStrip } from './components/stats-strip.tsx';
import { WaitingInvitationsCard } from './components/waiting-invitations-card.tsx';
import {
  useAgentClients,
  useAgentInsights,
  useAgentLiveDashboard,
  useAgentStats,
} from './hooks/use-agent-dashboard.ts';
import { waitingInvitations } from './utils/waiting-invitations.ts';

/**
 * The tabs, their internal keys (agent spec §2, §4) and how the address names them
 * (`/dashboard?tab=clients`): a reload, a bookmark or a link opens the tab it names.
 */
export const DASHBOARD_TABS = [
  { key: 'dashboard', label: 'Dashboard', query: null },
  { key: 'clients', label: 'Clients', query: 'clients' },
  { key: 'settings', label: 'Branding', query: 'branding' },
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number]['key'];

/** The tab a query names; the Dashboard tab for none, or for one that names no tab. */
export function dashboardTabOf(search: string): DashboardTab {
  const named = new URLSearchParams(search).get('tab');
  return DASHBOARD_TABS.find((tab) => tab.query !== null && tab.query === named)?.key ?? 'dashboard';
}

/**
 * Shows `tab` by writing it into the address, in place of the current entry: Back leaves the
 * dashboard rather than stepping through its tabs.
 */
function showTab(tab: DashboardTab): void {
  const url = new URL(window.location.href);
  const query = DASHBOARD_TABS.find(({ key }) => key === tab)?.query ?? null;
  if (query === null) url.searchParams.delete('tab');
  else url.searchParams.set('tab', query);
  writeAddress(url, { replace: true });
}

const TAB_TRIGGER =
  'rounded-md px-3 py-2 text-sm font-medium text-ink-muted transition-colors hover:text-ink ' +
  'focus-visible:ring-2 focus-visible:ring-brand-soft focus-visible:outline-none ' +
  'data-[state=active]:bg-brand data-[state=active]:text-brand-foreground';

const PANEL = 'rounded-md focus-visible:ring-2 focus-visible:ring-brand-soft focus-visible:outline-none';

/**
 * The Clients tab: the clients, and under them the invitations not accepted yet (read only while
 * this tab shows).
 */
function ClientsTab({ clients }: { clients: ReturnType<typeof useAgentClients> }) {
  const sent = useSentInvitations();
  const waiting = sent.data ? waitingInvitations(sent.data) : [];
  const listed = sent.data ? waiting.length : sent.isError ? 0 : 'loading';
  return (
    <>
      <ClientPropertiesCard
        rows={clients.data}
        loading={clients.isPending}
        failed={clients.isError}
        onRetry={() => void clients.refetch()}
        invitationsWaiting={listed}
      />
      <WaitingInvitationsCard waiting={waiting} />
    </>
  );
}

/**
 * What an agent sees: greeting, tabs and the sign-out button. The dashboard's reads start at once:
 * they name the agent as `current`, as the Branding tab's does, so none waits for the agent's id.
 */
function AgentDashboard({ firstName }: { firstName: string }) {
  const tab = dashboardTabOf(useLocationSearch());
  const stats = useAgentStats();
  const clients = useAgentClients();
  const insights = useAgentInsights();
  // The clients' completions and notes show here as they happen.
  useAgentLiveDashboard();

  return (
    <section className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Hello {firstName || 'Agent'}!</h1>
        <p className="mt-2 text-ink-muted">Agent Dashboard</p>
      </header>
      <Tabs.Root
        value={tab}
        onValueChange={(value) => showTab(value as DashboardTab)}
        activationMode="automatic"
        className="space-y-6"
      >
        <div className="flex items-center justify-between gap-2 border-b border-surface-border pb-2">
          <Tabs.List aria-label="Agent dashboard" className="flex flex-wrap gap-1">
            {DASHBOARD_TABS.map(({ key, label }) => (
              <Tabs.Trigger key={key} value={key} className={TAB_TRIGGER}>
                {label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <SignOutButton />
        </div>
        <Tabs.Content value="dashboard" className={PANEL}>
          <StatsStrip
            stats={stats.data}
            loading={stats.isPending}
            failed={stats.isError}
            onRetry={() => void stats.refetch()}
          />
          <ReadinessInsights
            insights={insights.data}
            loading={insights.isPending}
            failed={insights.isError}
            onRetry={() => void insights.refetch()}
          />
          <CalendarFeedCard />
        </Tabs.Content>
        <Tabs.Content value="clients" className={PANEL}>
          <ClientsTab clients={clients} />
        </Tabs.Content>
        <Tabs.Content value="settings" className={PANEL}>
          <BrandingPanel />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}

/**
 * The agent dashboard (/dashboard, and / for agents): agent spec §2. Only agents get it; anyone
 * else (or a session still resolving) sees only the spinner.
 */
export function DashboardScreen() {
  const session = useSession();
  if (session.status !== 'signed-in' || session.user.role !== 'agent') return <LoadingSpinner />;
  return <AgentDashboard firstName={session.user.firstName.trim()} />;
}
