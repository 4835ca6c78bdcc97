import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { JourneyResponse } from '../utils/journey-api.ts';
import { stageFixture } from '../utils/journey-test-fixtures.tsx';
import { ProgressCard } from './progress-card.tsx';

afterEach(cleanup);

const stages = [
  stageFixture('assessment', 'Initial Assessment', 'completed'),
  stageFixture('declutter', 'Declutter', 'in_progress'),
  stageFixture('repairs', 'Repairs & Maintenance', 'locked'),
];

const summary = (currentStageId: string | null): JourneyResponse['summary'] => ({
  percent: 27,
  completedTasks: 15,
  totalTasks: 55,
  remainingTasks: 40,
  currentStageId,
  todaysPriority: null,
  today: '2030-01-10',
});

describe('the Your Home Sale Journey card', () => {
  it('says the stage in progress among all of them, each stage a step with its status, and the week ahead', () => {
    render(
      <ProgressCard
        summary={summary('declutter')}
        stages={stages}
        dueSoon={3}
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
    expect(within(card).getByTestId('progress-due-soon').textContent).toBe('3 tasks due in the next 7 days');
  });

  it('says when every stage is done and nothing is due, and counts one task as one', () => {
    const { rerender } = render(
      <ProgressCard summary={summary(null)} stages={stages} dueSoon={0} title="Home Sale Journey" />,
    );
    expect(screen.getByTestId('progress-stage').textContent).toBe('Every stage completed');
    expect(screen.getByTestId('progress-due-soon').textContent).toBe('Nothing due in the next 7 days');
    rerender(<ProgressCard summary={summary(null)} stages={stages} dueSoon={1} title="Home Sale Journey" />);
    expect(screen.getByTestId('progress-due-soon').textContent).toBe('1 task due in the next 7 days');
  });
});
