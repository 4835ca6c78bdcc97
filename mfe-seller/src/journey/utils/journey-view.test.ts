import { describe, expect, it } from 'vitest';
import type { CustomTask, JourneyResponse } from './journey-api.ts';
import { entryFixture, stageFixture } from './journey-test-fixtures.tsx';
import { dueSoonTasks, isoDatePlus, nextUpOf } from './journey-view.ts';

const done = stageFixture('declutter', 'Declutter', 'completed');
const current = stageFixture('assessment', 'Initial Assessment', 'in_progress');
const show = stageFixture('ready-to-show', 'Ready to Show!!', 'locked', { excludedFromProgress: true });
const later = stageFixture('staging', 'Home Staging', 'locked');

const journeyWith = (currentStageId: string | null): JourneyResponse => ({
  stages: [done, current, show, later],
  progress: [],
  summary: {
    percent: 40,
    completedTasks: 2,
    totalTasks: 5,
    remainingTasks: 3,
    currentStageId,
    todaysPriority: null,
    today: '2030-01-10',
  },
});

const customTask = (id: string, dueDate: string | null, stageId: string | null = null): CustomTask => ({
  id,
  title: `Custom ${id}`,
  description: null,
  priority: 'high',
  status: 'pending',
  dueDate,
  assignedTo: null,
  stageId,
  completedBy: null,
  custom: true,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
});

// The assessment is a checklist, shown in its template order: Curb Appeal (done), then Garage.
const entries = [
  entryFixture('a2', 'Garage', current, { kind: 'checklist', orderIndex: 2 }),
  entryFixture('a3', 'Backyard', current, { kind: 'checklist', orderIndex: 3 }),
  entryFixture('a1', 'Curb Appeal', current, { kind: 'checklist', orderIndex: 1, status: 'completed' }),
  entryFixture('h1', 'Accents of color', later),
];

describe("nextUpOf (Today's Priority with nothing due today)", () => {
  it('points at the first open task of the stage in progress, in the order the stage shows', () => {
    const next = nextUpOf(journeyWith(current.id), entries, []);
    expect(next).toMatchObject({
      reason: 'next',
      task: { row: { id: 'a2', title: 'Garage' }, stageId: current.id, stageName: 'Initial Assessment' },
    });
  });

  it('puts the oldest overdue task first, journey or custom, and counts them all', () => {
    const withDates = [
      ...entries,
      entryFixture('h2', 'Fresh towels', later, { dueDate: '2030-01-08' }),
      // Not overdue: done, due today, or on the Ready to Show!! checklist.
      entryFixture('h3', 'Done late', later, { dueDate: '2030-01-01', status: 'completed' }),
      entryFixture('h4', 'Due today', later, { dueDate: '2030-01-10' }),
      entryFixture('s1', 'Open shades', show, { kind: 'checklist', dueDate: '2030-01-02' }),
    ];
    const next = nextUpOf(journeyWith(current.id), withDates, [
      customTask('c1', '2030-01-05'),
      customTask('c2', '2030-01-09', later.id),
      customTask('c3', null),
    ]);
    expect(next).toMatchObject({
      reason: 'overdue',
      overdueCount: 3,
      task: { row: { id: 'c1', source: 'custom' }, stageId: null, stageName: null },
    });
  });

  it('names the stage of an overdue task', () => {
    const next = nextUpOf(
      journeyWith(current.id),
      [...entries, entryFixture('h2', 'Fresh towels', later, { dueDate: '2030-01-08' })],
      [],
    );
    expect(next).toMatchObject({
      reason: 'overdue',
      overdueCount: 1,
      task: { row: { id: 'h2' }, stageId: later.id, stageName: 'Home Staging' },
    });
  });

  it('suggests nothing once every stage is done, or while Ready to Show!! is the step', () => {
    expect(nextUpOf(journeyWith(null), entries, [])).toBeNull();
    expect(nextUpOf(journeyWith(show.id), entries, [])).toBeNull();
  });
});

describe('dueSoonTasks (the progress card’s week ahead)', () => {
  it('lists open tasks, journey and custom, due from today through the sixth day after it, soonest first', () => {
    // Today is 2030-01-10: the week ahead runs to 2030-01-16.
    const dated = [
      ...entries,
      entryFixture('d1', 'Due today', later, { dueDate: '2030-01-10' }),
      entryFixture('d2', 'Due on the last day', later, { dueDate: '2030-01-16' }),
      // Not counted: overdue, past the week, done, on the Ready to Show!! checklist.
      entryFixture('d3', 'Overdue', later, { dueDate: '2030-01-09' }),
      entryFixture('d4', 'Next week', later, { dueDate: '2030-01-17' }),
      entryFixture('d5', 'Done early', later, { dueDate: '2030-01-12', status: 'completed' }),
      entryFixture('s1', 'Open shades', show, { kind: 'checklist', dueDate: '2030-01-11' }),
    ];
    const customs = [customTask('c1', '2030-01-13'), customTask('c2', '2030-01-20'), customTask('c3', null)];
    const soon = dueSoonTasks(journeyWith(current.id), dated, customs);
    expect(soon.map(({ row, stageName }) => [row.id, row.dueDate, stageName])).toEqual([
      ['d1', '2030-01-10', 'Home Staging'],
      ['c1', '2030-01-13', null],
      ['d2', '2030-01-16', 'Home Staging'],
    ]);
    expect(dueSoonTasks(journeyWith(current.id), entries, [])).toEqual([]);
  });

  it('adds calendar days across a month, a year and a leap day', () => {
    expect(isoDatePlus('2030-01-10', 6)).toBe('2030-01-16');
    expect(isoDatePlus('2030-01-28', 6)).toBe('2030-02-03');
    expect(isoDatePlus('2030-12-29', 6)).toBe('2031-01-04');
    expect(isoDatePlus('2028-02-26', 6)).toBe('2028-03-03');
  });
});
