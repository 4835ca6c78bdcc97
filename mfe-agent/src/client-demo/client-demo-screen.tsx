import { useQuery } from '@tanstack/react-query';
import { Clock, Target } from 'lucide-react';
import { agentAccountSchema } from '@listready/contracts/auth';
import { Card, cn } from '@listready/ui';
import { AgentContactActions, apiClient, apiQuery, useSession, dayLabel } from '@listready/web-client';
import { JourneyCard, PriorityBadge, StageSummary } from '@listready/ui/journey';
import {
  DEMO_CLIENT_FIRST_NAME,
  DEMO_STAGES,
  DEMO_TODAYS_PRIORITY,
  DEMO_WEEK,
  demoDueDate,
  demoProgress,
} from './client-demo-data.ts';

function DemoJourneyCard() {
  return (
    <JourneyCard
      title="Your Home Sale Journey"
      titleId="demo-progress-title"
      headingLevel={3}
      summary={demoProgress()}
      stages={DEMO_STAGES}
      current={DEMO_STAGES.findIndex((stage) => stage.status === 'in_progress')}
      week={DEMO_WEEK.map((task) => ({
        key: task.title,
        title: task.title,
        dueLabel: dayLabel(demoDueDate(task.inDays)),
      }))}
    />
  );
}

function TodaysPriorityCard() {
  const task = DEMO_TODAYS_PRIORITY;
  return (
    <Card className="p-5" role="region" aria-labelledby="demo-priority-title">
      <h3 id="demo-priority-title" className="flex items-center gap-2 text-lg font-semibold">
        <Target aria-hidden="true" className="size-5 text-brand" />
        Today&apos;s Priority
      </h3>
      <p className="mt-3 font-medium">{task.title}</p>
      <p className="mt-1 text-sm text-ink-muted">{task.description}</p>
      <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-ink-muted">
        <PriorityBadge priority={task.priority} />
        <span>{task.stage}</span>
        <span className="flex items-center gap-1">
          <Clock aria-hidden="true" className="size-4" />
          {task.due}
        </span>
      </div>
    </Card>
  );
}

/** The journey's stages as the client's page heads them: icon, name, tasks done, status. */
function StagesList() {
  return (
    <ol className="space-y-3" aria-label="Journey stages">
      {DEMO_STAGES.map((stage) => (
        <li
          key={stage.title}
          className={cn(
            'flex items-center gap-3 rounded-xl border border-surface-border p-4',
            // Dimmed by colour, not opacity (contrast), as on the seller's journey.
            stage.status === 'locked' ? 'border-dashed bg-page text-ink-muted' : 'bg-surface',
          )}
        >
          <StageSummary stage={stage} />
        </li>
      ))}
    </ol>
  );
}

/** GET /api/agents/current: the agent's own account, whose phone is the one their clients call. */
const agentAccountQuery = apiQuery(apiClient, '/api/agents/current', agentAccountSchema);

/**
 * The client's banner, with the signed-in agent as the agent it names: Call with their phone, as
 * their clients' banner has it. Drawn once the account is read (at the foot of the page, it moves
 * nothing); without it, by name, as for an agent without a phone.
 */
function AgentBanner() {
  const session = useSession();
  const account = useQuery(agentAccountQuery);
  if (session.status !== 'signed-in' || account.isPending) return null;
  const { id, firstName, lastName, email } = session.user;
  const name = `${firstName} ${lastName}`.trim();
  const phone = account.data?.phone ?? null;
  return (
    <aside
      aria-label="Your agent"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-brand/50 bg-surface px-4 py-3"
    >
      <p className="font-medium">Need help?</p>
      <AgentContactActions agent={{ id, name, phone, email }} nameWithoutPhone />
    </aside>
  );
}

/**
 * /client-demo (agent spec §2): what the agent's clients see on their journey — its eight stages and
 * their tasks, Today's Priority and the agent's banner with this agent's own contact — on a sample
 * client's progress, drawn with the seller journey's pieces. Only the agent's own account is read;
 * nothing is saved.
 */
export function ClientDemoScreen() {
  return (
    <section className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Client Demo</h1>
        <p className="mt-2 text-ink-muted">
          What your clients see on their journey, on a sample client’s progress.
        </p>
      </header>
      <p
        role="note"
        className="rounded-lg border border-dashed border-surface-border px-4 py-3 text-sm text-ink-muted"
      >
        A sample client: none of your clients’ details are shown here.
      </p>
      <section aria-labelledby="demo-greeting" className="space-y-6">
        <div>
          <h2 id="demo-greeting" className="text-2xl font-bold tracking-tight">
            Hello {DEMO_CLIENT_FIRST_NAME}!
          </h2>
          <p className="mt-1 text-ink-muted">Let&apos;s get moving</p>
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          <DemoJourneyCard />
          <TodaysPriorityCard />
        </div>
        <StagesList />
        <AgentBanner />
      </section>
    </section>
  );
}
