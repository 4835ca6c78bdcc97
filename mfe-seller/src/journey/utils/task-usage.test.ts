import { afterEach, describe, expect, it } from 'vitest';
import type { UsageEventInput } from '@listready/contracts/analytics';
import { USAGE_EVENT } from '@listready/web-client';
import { trackTaskChange } from './task-usage.ts';

describe('usage events of task changes', () => {
  const seen: UsageEventInput[] = [];
  const listen = (event: Event) => seen.push((event as CustomEvent<UsageEventInput>).detail);
  window.addEventListener(USAGE_EVENT, listen);
  afterEach(() => {
    seen.length = 0;
  });

  const task = { id: 't1', title: 'Declutter closets' };

  it('a completion and a reopening are task actions (task_completed comes from the domain event)', () => {
    trackTaskChange(task, { status: 'completed' });
    trackTaskChange(task, { status: 'pending' });
    expect(seen).toEqual([
      {
        event: 'task_action',
        properties: { action: 'completed', taskId: 't1', taskTitle: 'Declutter closets' },
      },
      {
        event: 'task_action',
        properties: { action: 'reopened', taskId: 't1', taskTitle: 'Declutter closets' },
      },
    ]);
  });

  it('a note gives its length, never its text; a new date is a reschedule', () => {
    trackTaskChange(task, { notes: 'call the painter' });
    trackTaskChange(task, { notes: null });
    trackTaskChange(task, { dueDate: '2027-01-02' });
    expect(seen).toEqual([
      { event: 'note_action', properties: { action: 'saved', taskId: 't1', noteLength: 16 } },
      { event: 'note_action', properties: { action: 'cleared', taskId: 't1', noteLength: 0 } },
      {
        event: 'task_action',
        properties: { action: 'rescheduled', taskId: 't1', taskTitle: 'Declutter closets' },
      },
    ]);
    expect(JSON.stringify(seen)).not.toContain('painter');
  });
});
