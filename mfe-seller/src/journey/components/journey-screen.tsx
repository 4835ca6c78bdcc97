import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import { Button, JourneyBodySkeleton } from '@listready/ui';
import { ApiRequestError, AppLink, useSession } from '@listready/web-client';
import { useJourneyOwner, useLinkedClientId, writeHouseholdChoice } from '../hooks/use-household.ts';
import { useCustomTasks, useJourney, useTaskEntries } from '../hooks/use-journey-queries.ts';
import { useLiveJourney } from '../hooks/use-live-journey.ts';
import { usePrinting } from '../hooks/use-printing.ts';
import { useTasksShown } from '../hooks/use-tasks-shown.ts';
import { HOUSEHOLDS_URL, type CustomTask } from '../utils/journey-api.ts';
import { prefersReducedMotion } from '../utils/reduced-motion.ts';
import {
  dueSoonTasks,
  nextUpOf,
  rowOfCustomTask,
  tasksAssignedTo,
  type TaskRowModel,
} from '../utils/journey-view.ts';
import { HouseholdPicker } from './household-picker.tsx';
import { JourneyGreeting } from './journey-greeting.tsx';
import { ProgressCard, progressTitle } from './progress-card.tsx';
import { AddJourneyTask } from './add-journey-task.tsx';
import { StageSection } from './stage-section.tsx';
import { TaskRow, TaskRowActionsProvider } from './task-row.tsx';
import { TodaysPriorityCard, type TaskToShow } from './todays-priority-card.tsx';

const NO_CUSTOM_TASKS: readonly CustomTask[] = [];

/**
 * /journey: the seller's journey (also / for clients), or the client's an agent follows from the
 * dashboard (`?clientId=`). An agent has no journey of their own: without a client named, the page
 * says where to pick one rather than asking for a journey the server refuses them.
 */
export function JourneyScreen() {
  const session = useSession();
  const linked = useLinkedClientId();
  const agent = session.status === 'signed-in' && session.user.role === 'agent';
  return agent && linked === null ? <NoClientChosen /> : <Journey agent={agent} />;
}

/** A journey read the server refuses (403, 404): not a failure that trying again would mend. */
const refused = (error: Error | null) =>
  error instanceof ApiRequestError && (error.status === 403 || error.status === 404);

/**
 * The journey the page works on is not one the person may open (an old link, a household they left
 * or were removed from while it was on screen, another agent's client): where their own journeys
 * are instead. A seller or member going back to their own journey forgets the household chosen and
 * reads their households again, so the picker no longer offers the one they lost.
 */
function JourneyNotOpen({ agent }: { agent: boolean }) {
  const queryClient = useQueryClient();
  const backToOwn = () => {
    writeHouseholdChoice(null);
    void queryClient.invalidateQueries({ queryKey: [HOUSEHOLDS_URL] });
  };
  return (
    <div role="alert" className="rounded-xl border border-surface-border bg-surface p-6">
      <h2 className="font-semibold">This journey is not open to you</h2>
      <p className="mt-2 text-ink-muted">
        {agent
          ? 'It is not the journey of one of your clients.'
          : 'The link may be old, or you may no longer be in the household it belongs to.'}
      </p>
      <Button asChild className="mt-4">
        {agent ? (
          <AppLink href="/dashboard?tab=clients">Go to Your Clients</AppLink>
        ) : (
          <AppLink href="/journey" onClick={backToOwn}>
            Go to My Journey
          </AppLink>
        )}
      </Button>
    </div>
  );
}

function NoClientChosen() {
  return (
    <section className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <JourneyGreeting />
      <div className="rounded-xl border border-surface-border bg-surface p-6">
        <h2 className="font-semibold">No client chosen</h2>
        <p className="mt-2 text-ink-muted">
          Your clients’ journeys open from the Clients tab of your dashboard: choose View journey beside a
          client.
        </p>
        <Button asChild className="mt-4">
          <AppLink href="/dashboard?tab=clients">Go to Your Clients</AppLink>
        </Button>
      </div>
    </section>
  );
}

/**
 * The tasks assigned to the reader, across the stages, as one list (open first, soonest first): what
 * a member of a household working one journey has to do.
 */
function AssignedToMe({ rows }: { rows: readonly TaskRowModel[] }) {
  return (
    <section className="rounded-xl border border-surface-border bg-surface p-4" aria-label="Assigned to you">
      <h2 className="mb-3 font-semibold">Assigned to you</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-ink-muted">
          Nothing on this journey is assigned to you now. A task&apos;s Reschedule dialog says who does it.
        </p>
      ) : (
        <ol className="space-y-2" aria-label="Tasks assigned to you">
          {rows.map((row) => (
            <TaskRow key={row.id} task={row} />
          ))}
        </ol>
      )}
    </section>
  );
}

/** The journey of the seller, or of the household or client the page names: spec seller §2. */
function Journey({ agent }: { agent: boolean }) {
  const session = useSession();
  const reader = session.status === 'signed-in' && !agent ? session.user : null;
  const journey = useJourney();
  const tasks = useTaskEntries();
  const customTasks = useCustomTasks();
  const owner = useJourneyOwner(agent);
  // What the rest of the household does shows here as it happens, once the journey is there.
  useLiveJourney(journey.isSuccess);
  // Which stages are open; until the seller toggles one, the stage in progress is.
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const toggleStage = useCallback(
    (stageId: string, expanded: boolean) => setToggled((state) => ({ ...state, [stageId]: !expanded })),
    [],
  );
  // The stage in progress when the page opened: finishing it must not fold it away under the seller.
  const [openedStageId, setOpenedStageId] = useState<string | null | undefined>(undefined);
  if (openedStageId === undefined && journey.data) setOpenedStageId(journey.data.summary.currentStageId);

  // A read that fails again after it once answered (offline) keeps what it showed.
  const failed = (journey.isError && !journey.data) || (tasks.isError && !tasks.data);
  // Refused is not offline: a household's journey read refused even after it once answered (the
  // person was removed while it was on screen, and the live stream said so) is no longer theirs.
  const notOpen = owner.kind !== 'own' && (refused(journey.error) || refused(tasks.error));
  // The household refused is not offered by the picker: its list, read before the removal, has it.
  const lostHousehold = notOpen && owner.kind === 'household' ? owner.clientId : undefined;
  // The stages and their rows are rendered in the background (a time-sliced render React can
  // pause for input) after the greeting and the spinner are on screen: rendered at once when the
  // tasks arrive, they were one long task on a phone's CPU (issue 16, Total Blocking Time).
  const entries = useDeferredValue(tasks.data ?? null, null);
  const ready = journey.data && entries;
  const customs = customTasks.data ?? NO_CUSTOM_TASKS;
  // Each stage's custom tasks, the same array from one render to the next while they are unchanged:
  // a stage whose props did not change is not rendered again (the session, the households and the
  // live updates re-render this screen after the list is up).
  const customsByStage = useMemo(() => {
    const byStage = new Map<string, CustomTask[]>();
    for (const task of customs) {
      if (task.stageId) byStage.set(task.stageId, [...(byStage.get(task.stageId) ?? []), task]);
    }
    return byStage;
  }, [customs]);
  // With nothing due today, Today's Priority points at the oldest overdue task or the next one.
  const nextUp = useMemo(
    () =>
      journey.data && entries && !journey.data.summary.todaysPriority
        ? nextUpOf(journey.data, entries, customs)
        : null,
    [journey.data, entries, customs],
  );
  const dueSoon = useMemo(
    () => (journey.data && entries ? dueSoonTasks(journey.data, entries, customs) : []),
    [journey.data, entries, customs],
  );
  // The reader's own list (`?tasks=mine`): a household member's or the seller's, never an agent's.
  const [tasksShown, setTasksShown] = useTasksShown(reader !== null);
  const mine = useMemo(
    () => (entries && reader ? tasksAssignedTo(entries, customs, reader) : []),
    [entries, customs, reader],
  );
  const openMine = mine.filter((row) => row.status !== 'completed').length;
  // Show task: its stage opened, then (once its row is drawn) scrolled to and its first button focused.
  const [shownTask, setShownTask] = useState<TaskToShow | null>(null);
  const showTask = useCallback(
    (task: TaskToShow) => {
      // A task is shown where it is: in its stage, among all the tasks.
      setTasksShown('all');
      if (task.stageId !== null) {
        const { stageId } = task;
        setToggled((state) => ({ ...state, [stageId]: true }));
      }
      setShownTask({ ...task });
    },
    [setTasksShown],
  );
  useEffect(() => {
    if (!shownTask) return;
    const row = document.querySelector<HTMLElement>(`[data-task-id="${CSS.escape(shownTask.id)}"]`);
    row?.scrollIntoView({ block: 'center', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    row?.querySelector<HTMLElement>('button, a[href]')?.focus({ preventScroll: true });
  }, [shownTask]);
  // On paper every stage is open: a printed checklist has every task.
  const printing = usePrinting();
  const stageIds = new Set(journey.data?.stages.map((stage) => stage.id));
  const unstagedCustoms = customs.filter((task) => !task.stageId || !stageIds.has(task.stageId));

  return (
    <section className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <JourneyGreeting />
      <HouseholdPicker lost={lostHousehold} />
      {notOpen ? (
        <JourneyNotOpen agent={agent} />
      ) : failed ? (
        <div role="alert" className="rounded-xl border border-surface-border bg-surface p-6">
          <p>We could not load your journey.</p>
          <Button
            className="mt-3"
            variant="outline"
            onClick={() => {
              void journey.refetch();
              void tasks.refetch();
            }}
          >
            Try again
          </Button>
        </div>
      ) : !ready ? (
        // The cards and stages in outline, as the shell drew them while this remote loaded.
        <div role="status" aria-live="polite" className="space-y-6">
          <span className="sr-only">Loading your journey</span>
          <JourneyBodySkeleton />
        </div>
      ) : (
        <TaskRowActionsProvider>
          <div className="grid gap-4 md:grid-cols-2">
            <ProgressCard
              summary={journey.data.summary}
              stages={journey.data.stages}
              dueSoon={dueSoon}
              title={progressTitle(owner)}
              onShowTask={showTask}
            />
            <TodaysPriorityCard
              priority={journey.data.summary.todaysPriority}
              nextUp={nextUp}
              onShowTask={showTask}
            />
          </div>
          {/* Offered once something is assigned to the reader (a seller alone, assigning nothing,
              has no use for it); kept while their list is on screen, even emptied. */}
          {reader && (mine.length > 0 || tasksShown === 'mine') && (
            <div role="group" aria-label="Tasks shown" className="flex flex-wrap gap-2 print:hidden">
              <Button
                size="sm"
                variant={tasksShown === 'all' ? 'default' : 'outline'}
                aria-pressed={tasksShown === 'all'}
                onClick={() => setTasksShown('all')}
              >
                All tasks
              </Button>
              <Button
                size="sm"
                variant={tasksShown === 'mine' ? 'default' : 'outline'}
                aria-pressed={tasksShown === 'mine'}
                onClick={() => setTasksShown('mine')}
              >
                Assigned to me ({openMine} open)
              </Button>
            </div>
          )}
          {tasksShown === 'mine' ? (
            <AssignedToMe rows={mine} />
          ) : (
            <>
              <div className="space-y-3">
                {journey.data.stages.map((stage) => {
                  const expanded = printing || (toggled[stage.id] ?? stage.id === openedStageId);
                  return (
                    <StageSection
                      key={stage.id}
                      stage={stage}
                      entries={entries}
                      customTasks={customsByStage.get(stage.id) ?? NO_CUSTOM_TASKS}
                      expanded={expanded}
                      onToggle={toggleStage}
                    />
                  );
                })}
              </div>
              {unstagedCustoms.length > 0 && (
                <section
                  className="rounded-xl border border-surface-border bg-surface p-4"
                  aria-label={owner.kind === 'own' ? 'My custom tasks' : 'Custom tasks'}
                >
                  {/* "My" only on one's own journey: a member or an agent reads the seller's. */}
                  <h2 className="mb-3 font-semibold">
                    {owner.kind === 'own' ? 'My Custom Tasks' : 'Custom Tasks'}
                  </h2>
                  <ul className="space-y-2">
                    {unstagedCustoms.map((task) => (
                      <TaskRow key={task.id} task={rowOfCustomTask(task)} />
                    ))}
                  </ul>
                </section>
              )}
            </>
          )}
          <div className="flex flex-wrap justify-center gap-3 print:hidden">
            {!agent && <AddJourneyTask stages={journey.data.stages} owner={owner} />}
            <Button variant="outline" onClick={() => window.print()}>
              <Printer aria-hidden="true" className="size-4" />
              Print checklist
            </Button>
          </div>
        </TaskRowActionsProvider>
      )}
    </section>
  );
}
