import { useId, type ReactNode } from 'react';
import { AlertTriangle, CalendarCheck, Layers } from 'lucide-react';
import type { AgentInsights, ClientInsight } from '@listready/contracts/journey';
import { Button, Card, LoadingSpinner } from '@listready/ui';
import { AppLink } from '@listready/web-client';
import { InviteClientButton } from '../../invite/invite-client-button.tsx';
import { forecastLabels, insightName, stalledReasonLabel } from '../utils/insight-labels.ts';
import { lastActivityLabel } from '../utils/last-activity.ts';
import { STICKY_COLUMN } from '../utils/table-styles.ts';

export const NO_STALLED_TEXT = 'No stalled clients. Everyone is moving.';
export const NO_CLIENTS_FOR_INSIGHTS = 'Insights appear once you have clients.';
export const FORECAST_SCROLL_HINT = 'Scroll the table sideways for stage and forecast.';
export const FIRST_CLIENT_TEXT =
  'Invite a home seller to start their journey: you will see here who has stalled and why.';

const journeyHref = (client: ClientInsight) => `/journey?clientId=${encodeURIComponent(client.clientId)}`;
const HEAD = 'px-3 py-2 text-left text-xs font-medium tracking-wide text-ink-muted uppercase';

/**
 * One insight: a card of a fixed height whose body scrolls (a labelled, focusable region), so
 * nothing on the page moves when the figures arrive, however many clients there are. Its right edge
 * is shadowed while more is out of view sideways.
 */
function InsightCard({
  title,
  icon,
  height,
  hint,
  children,
}: {
  title: string;
  icon: ReactNode;
  /** A Tailwind height class: the card keeps it while loading and after. */
  height: string;
  /** Said under the title on a phone only (what is sideways), inside the card's own height. */
  hint?: string | undefined;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card className={`flex flex-col overflow-hidden ${height}`}>
      <h3 id={titleId} className="flex items-center gap-2 px-4 pt-4 pb-2 font-semibold">
        {icon}
        {title}
      </h3>
      {hint && <p className="px-4 pb-2 text-xs text-ink-muted sm:hidden">{hint}</p>}
      <div
        role="region"
        aria-labelledby={titleId}
        tabIndex={0}
        className="relative min-h-0 flex-1 scroll-shadow-x overflow-auto focus-visible:ring-2 focus-visible:ring-brand-soft focus-visible:outline-none focus-visible:ring-inset"
      >
        {children}
      </div>
    </Card>
  );
}

function StalledList({ clients, now }: { clients: ClientInsight[]; now: Date }) {
  const stalled = clients.filter((client) => client.stalledReasons.length > 0);
  // A new agent's first card says what to do first, in the space the card keeps anyway.
  if (clients.length === 0)
    return (
      <div className="space-y-3 px-4 py-2 text-sm text-ink-muted">
        <p>{NO_CLIENTS_FOR_INSIGHTS}</p>
        <p>{FIRST_CLIENT_TEXT}</p>
        <InviteClientButton />
      </div>
    );
  if (stalled.length === 0) return <p className="px-4 py-2 text-sm text-ink-muted">{NO_STALLED_TEXT}</p>;
  return (
    <ul className="divide-y divide-surface-border" aria-label="Stalled clients">
      {stalled.map((client) => (
        <li key={client.clientId} className="px-4 py-2" data-stalled-client={client.clientId}>
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <AppLink href={journeyHref(client)} className="font-medium underline underline-offset-2">
              {insightName(client)}
            </AppLink>
            <span className="text-xs text-ink-muted">
              Last activity{' '}
              <time dateTime={client.lastActivityAt}>
                {lastActivityLabel(client.lastActivityAt, now).toLowerCase()}
              </time>
            </span>
          </div>
          <ul className="mt-1 space-y-0.5 text-sm">
            {client.stalledReasons.map((reason) => (
              <li key={reason.kind} className="flex items-center gap-1.5" data-reason={reason.kind}>
                <AlertTriangle aria-hidden="true" className="size-3.5 shrink-0 text-amber-400" />
                {stalledReasonLabel(reason)}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

function PipelineTable({ pipeline }: { pipeline: AgentInsights['pipeline'] }) {
  const most = Math.max(1, ...pipeline.map((step) => step.homes));
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">Homes by stage, in journey order</caption>
      <thead>
        <tr>
          <th scope="col" className={HEAD}>
            Stage
          </th>
          <th scope="col" className={`${HEAD} text-right`}>
            Homes
          </th>
        </tr>
      </thead>
      <tbody>
        {pipeline.map((step) => {
          const name = step.stage?.name ?? 'All stages complete';
          return (
            <tr
              key={step.stage?.id ?? 'finished'}
              className="border-t border-surface-border"
              data-pipeline-stage={step.stage?.id ?? 'finished'}
            >
              <th scope="row" className="px-3 py-1.5 text-left font-normal">
                <span className="block truncate">{name}</span>
                {/* The bar repeats the number for the eye; the cell says it. */}
                <span aria-hidden="true" className="mt-1 block h-1.5 rounded-full bg-surface-border">
                  <span
                    className="block h-full rounded-full bg-brand"
                    style={{ width: `${(100 * step.homes) / most}%` }}
                  />
                </span>
              </th>
              <td className="px-3 py-1.5 text-right tabular-nums" data-homes>
                {step.homes}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

const FORECAST_ORDER = { ready: 0, projected: 1, 'not-enough-activity': 2 } as const;

/** Ready first, then the soonest date, then those with no date yet; by name within each. */
function byForecast(a: ClientInsight, b: ClientInsight): number {
  const order = FORECAST_ORDER[a.forecast.status] - FORECAST_ORDER[b.forecast.status];
  if (order !== 0) return order;
  if (
    a.forecast.status === 'projected' &&
    b.forecast.status === 'projected' &&
    a.forecast.date !== b.forecast.date
  )
    return a.forecast.date < b.forecast.date ? -1 : 1;
  return insightName(a).localeCompare(insightName(b));
}

/**
 * What a new agent's forecast card says in the space it keeps anyway: how each client's date will be
 * worked out (agent-insights.ts `forecastOf`), so the empty card is read, not skipped.
 */
export function forecastSteps(paceWindowDays: number): string[] {
  return [
    'Your client works through their journey; every task they finish counts.',
    `Their pace is the tasks they finished in the last ${paceWindowDays} days, or since they joined.`,
    'Their remaining tasks at that pace give the day their home should be ready to list, soonest first.',
  ];
}

function ForecastTable({ clients, rules }: Pick<AgentInsights, 'clients' | 'rules'>) {
  const stepsId = useId();
  if (clients.length === 0)
    return (
      <div className="space-y-2 px-4 py-2 text-sm text-ink-muted">
        <p>{NO_CLIENTS_FOR_INSIGHTS}</p>
        <p id={stepsId} className="font-medium text-ink">
          How each date is worked out
        </p>
        <ol className="list-decimal space-y-1 pl-5" aria-labelledby={stepsId}>
          {forecastSteps(rules.paceWindowDays).map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </div>
    );
  return (
    <table className="w-full min-w-max border-collapse text-sm">
      <caption className="sr-only">Forecast list-ready date of each client, soonest first</caption>
      <thead>
        <tr>
          <th scope="col" className={`${HEAD} ${STICKY_COLUMN}`}>
            Client
          </th>
          <th scope="col" className={HEAD}>
            Current stage
          </th>
          <th scope="col" className={HEAD}>
            Forecast
          </th>
        </tr>
      </thead>
      <tbody>
        {[...clients].sort(byForecast).map((client) => {
          const { headline, detail } = forecastLabels(client.forecast);
          return (
            <tr
              key={client.clientId}
              className="border-t border-surface-border"
              data-forecast-client={client.clientId}
            >
              <th scope="row" className={`${STICKY_COLUMN} px-3 py-2 text-left font-medium`}>
                <span className="block max-w-44 truncate">{insightName(client)}</span>
                {client.address && (
                  <span className="block max-w-44 truncate text-xs font-normal text-ink-muted">
                    {client.address}
                  </span>
                )}
              </th>
              <td className="px-3 py-2 whitespace-nowrap">
                {client.currentStage?.name ?? 'All stages complete'}
              </td>
              <td className="px-3 py-2" data-forecast={client.forecast.status}>
                <span className="block font-medium whitespace-nowrap">{headline}</span>
                <span className="block text-xs whitespace-nowrap text-ink-muted">{detail}</span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * Readiness insights under the stats strip (issue 19, item 3): stalled clients with their reasons,
 * homes per stage, and each client's forecast list-ready date. Every card has its height from the
 * start, so the page does not move when the answer arrives.
 */
export function ReadinessInsights({
  insights,
  loading,
  failed,
  onRetry,
  now = new Date(),
}: {
  insights: AgentInsights | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  now?: Date;
}) {
  const body = (render: (data: AgentInsights) => ReactNode, label: string) =>
    loading || !insights ? failed ? null : <LoadingSpinner label={label} /> : render(insights);
  const icon = 'size-4 shrink-0 text-brand-soft';
  return (
    <section aria-labelledby="insights-heading" className="mt-6 space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id="insights-heading" className="text-lg font-semibold">
          Readiness insights
        </h2>
        <p className="text-xs text-ink-muted">
          Stalled: nothing done for {insights?.rules.stalledAfterDays ?? 7} days, or tasks overdue. Forecast:
          at each client’s pace over the last {insights?.rules.paceWindowDays ?? 28} days.
        </p>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <InsightCard
          title="Stalled clients"
          icon={<AlertTriangle aria-hidden="true" className={icon} />}
          height="h-72 lg:h-96"
        >
          {body(
            (data) => (
              <StalledList clients={data.clients} now={now} />
            ),
            'Loading stalled clients',
          )}
        </InsightCard>
        <InsightCard
          title="Homes by stage"
          icon={<Layers aria-hidden="true" className={icon} />}
          height="h-96"
        >
          {body(
            (data) => (
              <PipelineTable pipeline={data.pipeline} />
            ),
            'Loading homes by stage',
          )}
        </InsightCard>
      </div>
      <InsightCard
        title="Forecast list-ready dates"
        icon={<CalendarCheck aria-hidden="true" className={icon} />}
        height="h-96"
        hint={insights?.clients.length ? FORECAST_SCROLL_HINT : undefined}
      >
        {body(
          (data) => (
            <ForecastTable clients={data.clients} rules={data.rules} />
          ),
          'Loading forecasts',
        )}
      </InsightCard>
      {failed && (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 text-sm text-ink-muted"
        >
          <p>We could not load your insights.</p>
          <Button size="sm" variant="outline" onClick={onRetry}>
            Try again
          </Button>
        </div>
      )}
    </section>
  );
}
