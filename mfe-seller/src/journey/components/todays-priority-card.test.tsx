import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { aboutHowLong, TodaysPriorityCard } from './todays-priority-card.tsx';

afterEach(cleanup);

describe("Today's Priority", () => {
  it('says when the task is due and how long it takes, in words', () => {
    render(
      <TodaysPriorityCard
        priority={{
          source: 'task',
          id: 'task-1',
          title: 'Curb Appeal',
          description: 'Look at the home from the street.',
          stageId: 'stage-1',
          stageName: 'Initial Assessment',
          priority: 'medium',
          dueDate: '2030-01-01',
          estimatedHours: 0.5,
        }}
      />,
    );
    const card = screen.getByRole('region', { name: "Today's Priority" });
    // It said "0.5 hours", with no word of when.
    expect(card.textContent).toContain('Due today, about 30 minutes');
  });

  it('rounds a task’s time the way people say it', () => {
    expect(aboutHowLong(0.5)).toBe('about 30 minutes');
    expect(aboutHowLong(0.25)).toBe('about 15 minutes');
    expect(aboutHowLong(0.01)).toBe('about 5 minutes');
    expect(aboutHowLong(1)).toBe('about 1 hour');
    expect(aboutHowLong(2.5)).toBe('about 2.5 hours');
  });
});
