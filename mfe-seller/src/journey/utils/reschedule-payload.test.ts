import { describe, expect, it } from 'vitest';
import { reschedulePayload } from './reschedule-payload.ts';

describe('reschedule payload', () => {
  it('sends the due date only when filled', () => {
    expect(reschedulePayload({ dueDate: '2030-05-01', assignedTo: '', priority: 'high' }, false)).toEqual({
      dueDate: '2030-05-01',
    });
    expect(reschedulePayload({ dueDate: '', assignedTo: 'Sam', priority: 'low' }, true)).toEqual({
      assignedTo: 'Sam',
      priority: 'low',
    });
  });

  it('sends assignedTo as null when empty or blank, where details may change', () => {
    expect(reschedulePayload({ dueDate: '2030-05-01', assignedTo: '   ', priority: 'medium' }, true)).toEqual(
      {
        dueDate: '2030-05-01',
        assignedTo: null,
        priority: 'medium',
      },
    );
    expect(reschedulePayload({ dueDate: '', assignedTo: ' Kim ', priority: 'high' }, true)).toMatchObject({
      assignedTo: 'Kim',
    });
  });

  it('never sends assignee or priority for tasks that can only be rescheduled', () => {
    const payload = reschedulePayload({ dueDate: '2030-05-01', assignedTo: 'Sam', priority: 'high' }, false);
    expect(payload).not.toHaveProperty('assignedTo');
    expect(payload).not.toHaveProperty('priority');
  });

  it('has nothing to send for a reschedule-only task without a date', () => {
    expect(reschedulePayload({ dueDate: '', assignedTo: 'Sam', priority: 'high' }, false)).toBeNull();
  });
});
