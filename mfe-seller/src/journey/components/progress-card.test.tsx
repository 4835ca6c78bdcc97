import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JourneyResponse } from '../utils/journey-api.ts';
import { entryFixture, stageFixture } from '../utils/journey-test-fixtures.tsx';
import { rowOfEntry, type PointedTask } from '../utils/journey-view.ts';
import { ProgressCard } from './progress-card.tsx';

afterEach(cleanup);

const stages = [
  stageFixture('assessment', 'Initial Assessment', 'completed'),
  stageFixture('declutter', 'Declutter', 'in_progress'),
  stageFixture('repairs', 'Repairs & Maintenance', 'locked'),
];
const [, declutter, repairs] = stages as [unknown, (typeof stages)[number], (typeof stages)[number]];

const summary = (currentStageId: string | null): JourneyResponse['summary'] => ({
  percent: 27,
  completedTasks: 15,
  totalTasks: 55,
  remainingTasks: 40,
  currentStageId,
  todaysPriority: null,
  today: '2030-01-10',
});

const due = (id: string, title: string, dueDate: string, stage = declutter): PointedTask => ({
  row: rowOfEntry(entryFixture(id, title, stage, { dueDate })),
  stageId: stage.id,
  stageName: stage.title,
});

describe('the Your Home Sale Journey card', () => {
  it('says the stage in progress among all of them, each stage a step with its status', () => {
    render(
      <ProgressCard
        summary={summary('declutter')}
        stages={stages}
        dueSoon={[]}
        title="Your Home Sale Journey"
      />,
    );
    const card = screen.getByRole('region', { name: 'Your Home Sale Journey' });
    expect(card.textContent).toContain('15 of 55 tasks completed');
    expect(within(card).getByTestId('progress-stage').textContent).toBe('Stage 2 of 3: Declutter');
    const steps = within(within(card).getByRole('list', { name: 'Stages' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Initial Assessment: completed',
      'Declutter: in progress',
      'Repairs & Maintenance: not started',
    ]);
    expect(steps.map((step) => step.dataset.stageStep)).toEqual(['completed', 'in_progress', 'locked']);
    expect(within(card).getByTestId('progress-due-soon').textContent).toBe('Nothing due in the next 7 days');
    expect(within(card).queryByRole('list', { name: 'Due in the next 7 days' })).toBeNull();
  });

  it('names the week’s first three tasks with their dates, counts the rest, and goes to the one chosen', () => {
    const onShowTask = vi.fn();
    const week = [
      due('t1', 'Kitchen', '2030-01-10'),
      due('t2', 'Garage', '2030-01-12', repairs),
      due('t3', 'Closets', '2030-01-13'),
      due('t4', 'Attic', '2030-01-15'),
      due('t5', 'Porch', '2030-01-16'),
    ];
    render(
      <ProgressCard
        summary={summary('declutter')}
        stages={stages}
        dueSoon={week}
        title="Your Home Sale Journey"
        onShowTask={onShowTask}
      />,
    );
    expect(screen.getByTestId('progress-due-soon').textContent).toBe('5 tasks due in the next 7 days');
    const items = within(screen.getByRole('list', { name: 'Due in the next 7 days' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      'KitchenJan 10, 2030',
      'GarageJan 12, 2030',
      'ClosetsJan 13, 2030',
    ]);
    expect(screen.getByText('and 2 more')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show task: Garage' }));
    expect(onShowTask).toHaveBeenCalledWith({ id: 't2', stageId: 'repairs' });
  });

  it('says when every stage is done, and counts one task as one', () => {
    render(
      <ProgressCard
        summary={summary(null)}
        stages={stages}
        dueSoon={[due('t1', 'Kitchen', '2030-01-11')]}
        title="Home Sale Journey"
      />,
    );
    expect(screen.getByTestId('progress-stage').textContent).toBe('Every stage completed');
    expect(screen.getByTestId('progress-due-soon').textContent).toBe('1 task due in the next 7 days');
    // Without a way to go to it (no onShowTask), the task is named, not offered as a button.
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText(/more$/)).toBeNull();
  });
});
