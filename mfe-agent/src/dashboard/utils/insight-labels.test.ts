import { describe, expect, it } from 'vitest';
import { forecastLabels, stalledReasonLabel } from './insight-labels.ts';

describe('insight labels', () => {
  it('says why a client is stalled, singular and plural', () => {
    expect(stalledReasonLabel({ kind: 'inactive', days: 1 })).toBe('No activity for 1 day');
    expect(stalledReasonLabel({ kind: 'inactive', days: 9 })).toBe('No activity for 9 days');
    expect(stalledReasonLabel({ kind: 'overdue', tasks: 1, oldestDueDate: '2030-06-02' })).toBe(
      '1 overdue task, oldest due Jun 2, 2030',
    );
    expect(stalledReasonLabel({ kind: 'overdue', tasks: 3, oldestDueDate: '2030-05-28' })).toBe(
      '3 overdue tasks, oldest due May 28, 2030',
    );
  });

  it('gives the forecast date and what it rests on, or says there is none yet', () => {
    expect(forecastLabels({ status: 'ready' }).headline).toBe('Ready to list');
    expect(
      forecastLabels({ status: 'projected', date: '2030-07-14', remainingTasks: 12, tasksPerWeek: 3.5 }),
    ).toEqual({ headline: 'Jul 14, 2030', detail: '12 tasks before listing, at 3.5 a week' });
    expect(forecastLabels({ status: 'not-enough-activity', remainingTasks: 1 })).toEqual({
      headline: 'Not enough activity yet',
      detail: '1 task before listing, none done lately',
    });
  });
});
