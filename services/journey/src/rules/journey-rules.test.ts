import { describe, expect, it } from 'vitest';
import { JOURNEY_STAGES, JOURNEY_TASKS } from '@listready/db';
import { buildJourneyContent } from '../content/journey-content.ts';
import {
  compareTasks,
  pickTodaysPriority,
  progressFigures,
  stageStates,
  stageStatesOfTallies,
  todayIn,
  toViewStatus,
  type Orderable,
} from './journey-rules.ts';

const content = buildJourneyContent(
  JOURNEY_STAGES.map((stage) => ({ ...stage })),
  JOURNEY_TASKS.map((task) => ({ ...task })),
);

describe('journey rules', () => {
  it('shows stored statuses as pending or completed', () => {
    expect(['not_started', 'in_progress', 'skipped', 'completed'].map(toViewStatus)).toEqual([
      'pending',
      'pending',
      'pending',
      'completed',
    ]);
  });

  it('orders incomplete first, then high → low, then due date soonest, undated last', () => {
    const task = (
      name: string,
      completed: boolean,
      priority: Orderable['priority'],
      dueDate: string | null,
    ) => ({ name, completed, priority, dueDate });
    const shuffled = [
      task('done-high', true, 'high', '2030-01-01'),
      task('low-dated', false, 'low', '2030-01-01'),
      task('high-undated', false, 'high', null),
      task('medium-late', false, 'medium', '2030-12-01'),
      task('high-late', false, 'high', '2030-02-01'),
      task('high-soon', false, 'high', '2030-01-15'),
      task('medium-soon', false, 'medium', '2030-01-01'),
      task('done-low', true, 'low', null),
    ];
    expect(shuffled.sort(compareTasks).map((item) => item.name)).toEqual([
      'high-soon',
      'high-late',
      'high-undated',
      'medium-soon',
      'medium-late',
      'low-dated',
      'done-high',
      'done-low',
    ]);
  });

  it("picks Today's Priority among incomplete tasks due today, never from Ready to Show!!", () => {
    const today = '2030-06-15';
    const candidates = [
      { id: 'rts', completed: false, priority: 'high' as const, dueDate: today, excluded: true },
      { id: 'done', completed: true, priority: 'high' as const, dueDate: today, excluded: false },
      { id: 'tomorrow', completed: false, priority: 'high' as const, dueDate: '2030-06-16', excluded: false },
      { id: 'medium', completed: false, priority: 'medium' as const, dueDate: today, excluded: false },
      {
        id: 'medium-later-in-journey',
        completed: false,
        priority: 'medium' as const,
        dueDate: today,
        excluded: false,
      },
    ];
    expect(pickTodaysPriority(candidates, today)?.id).toBe('medium');
    expect(pickTodaysPriority(candidates.slice(0, 3), today)).toBeNull();
  });

  it('follows the stage rule and leaves Ready to Show!! out of completion', () => {
    const completeStages = (...stageIds: string[]) =>
      JOURNEY_TASKS.filter((task) => stageIds.includes(task.stageId)).map((task) => ({
        taskId: task.id,
        completed: true,
      }));
    const statusOf = (tasks: { taskId: string; completed: boolean }[]) =>
      Object.fromEntries(stageStates(content, tasks).map((state) => [state.stage.id, state.status]));

    expect(statusOf([])).toEqual({
      'initial-assessment': 'in_progress',
      declutter: 'locked',
      'repairs-maintenance': 'locked',
      'home-staging': 'locked',
      'marketing-photography': 'locked',
      'ready-to-show': 'locked',
      'go-live-and-show': 'locked',
      'contract-to-closing': 'locked',
    });
    expect(statusOf(completeStages('initial-assessment', 'ready-to-show'))).toMatchObject({
      'initial-assessment': 'completed',
      declutter: 'in_progress',
      'ready-to-show': 'locked',
    });
    const prepared = statusOf(
      completeStages(
        'initial-assessment',
        'declutter',
        'repairs-maintenance',
        'home-staging',
        'marketing-photography',
      ),
    );
    expect(prepared).toMatchObject({
      'marketing-photography': 'completed',
      'ready-to-show': 'in_progress',
      'go-live-and-show': 'in_progress',
      'contract-to-closing': 'locked',
    });
    // Ready to Show!! is skipped by the rule: Go Live and Show follows Marketing & Photography directly.
    const everything = statusOf(completeStages(...JOURNEY_STAGES.map((stage) => stage.id)));
    expect(everything['ready-to-show']).toBe('in_progress');
    expect(
      Object.entries(everything)
        .filter(([id]) => id !== 'ready-to-show')
        .every(([, status]) => status === 'completed'),
    ).toBe(true);
  });

  it('applies the same rule to per-stage counts (the agent view), an open optional task not holding a stage back', () => {
    // Declutter's last task made optional: the stage completes without it, and it still counts when done.
    const declutter = JOURNEY_TASKS.filter((task) => task.stageId === 'declutter');
    const optionalId = declutter.at(-1)?.id;
    const withOptional = buildJourneyContent(
      JOURNEY_STAGES.map((stage) => ({ ...stage })),
      JOURNEY_TASKS.map((task) => ({ ...task, isOptional: task.id === optionalId })),
    );
    const done = (stageIds: string[], leaveOut: string[] = []) =>
      JOURNEY_TASKS.filter((task) => stageIds.includes(task.stageId) && !leaveOut.includes(task.id)).map(
        (task) => ({ taskId: task.id, completed: true }),
      );
    const statusOf = (states: ReturnType<typeof stageStates>) =>
      Object.fromEntries(states.map((state) => [state.stage.id, [state.status, state.completedTasks]]));

    const tasks = done(['initial-assessment', 'declutter'], [optionalId ?? '']);
    const fromTasks = stageStates(withOptional, tasks);
    expect(statusOf(fromTasks)).toMatchObject({
      'initial-assessment': ['completed', 15],
      declutter: ['completed', declutter.length - 1],
      'repairs-maintenance': ['in_progress', 0],
    });
    const tallies = new Map([
      ['initial-assessment', { completed: 15, requiredCompleted: 15 }],
      ['declutter', { completed: declutter.length - 1, requiredCompleted: declutter.length - 1 }],
    ]);
    expect(stageStatesOfTallies(withOptional, tallies)).toEqual(fromTasks);
    // The same counts with the optional task among the missing required ones: Declutter stays open.
    expect(statusOf(stageStatesOfTallies(content, tallies))).toMatchObject({
      declutter: ['in_progress', declutter.length - 1],
      'repairs-maintenance': ['locked', 0],
    });
  });

  it('rounds progress over the 55 tasks outside Ready to Show!!', () => {
    const done = (ids: string[]) => ids.map((taskId) => ({ taskId, completed: true }));
    const rts = JOURNEY_TASKS.filter((task) => task.stageId === 'ready-to-show').map((task) => task.id);
    const others = JOURNEY_TASKS.filter((task) => task.stageId !== 'ready-to-show').map((task) => task.id);
    expect(progressFigures(content, [])).toEqual({
      percent: 0,
      completedTasks: 0,
      totalTasks: 55,
      remainingTasks: 55,
    });
    expect(progressFigures(content, done(rts))).toEqual({
      percent: 0,
      completedTasks: 0,
      totalTasks: 55,
      remainingTasks: 55,
    });
    expect(progressFigures(content, done(others.slice(0, 11))).percent).toBe(20);
    expect(progressFigures(content, done([...others.slice(0, 27), ...rts])).percent).toBe(49); // 49.09
    expect(progressFigures(content, done(others.slice(0, 54))).percent).toBe(98); // 98.18
    expect(progressFigures(content, done(others)).percent).toBe(100);
  });

  it('computes today in a time zone, falling back to America/New_York', () => {
    const instant = new Date('2030-06-15T02:30:00Z');
    expect(todayIn('America/New_York', instant)).toBe('2030-06-14');
    expect(todayIn('Asia/Tokyo', instant)).toBe('2030-06-15');
    expect(todayIn('UTC', instant)).toBe('2030-06-15');
    expect(todayIn('Not/AZone', instant)).toBe('2030-06-14');
    expect(todayIn(null, instant)).toBe('2030-06-14');
  });
});
