import { describe, expect, it } from 'vitest';
import { clientTaskUpdateSchema, customTaskCreateSchema, customTaskUpdateSchema } from './requests.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('journey request schemas', () => {
  it('client task update: notes at most 500, a real date or null, a known status and priority', () => {
    expect(clientTaskUpdateSchema.parse({ notes: 'n'.repeat(500) }).notes).toHaveLength(500);
    expect(messages(clientTaskUpdateSchema.safeParse({ notes: 'n'.repeat(501) }))).toEqual([
      'Notes must be at most 500 characters',
    ]);
    expect(clientTaskUpdateSchema.parse({ dueDate: '' })).toEqual({ dueDate: null });
    expect(clientTaskUpdateSchema.parse({ dueDate: '2028-02-29' })).toEqual({ dueDate: '2028-02-29' });
    expect(messages(clientTaskUpdateSchema.safeParse({ dueDate: '2027-02-29' }))).toEqual([
      'Due date must be a valid date (YYYY-MM-DD)',
    ]);
    // Postgres has no year 0: a date it cannot store is a 400, never a 500 from the write.
    for (const dueDate of ['0000-01-01', '1999-12-31', '2100-01-01']) {
      expect(messages(clientTaskUpdateSchema.safeParse({ dueDate }))).toEqual([
        'Due date must be between the years 2000 and 2099',
      ]);
      expect(messages(customTaskCreateSchema.safeParse({ title: 'A', dueDate }))).toEqual([
        'Due date must be between the years 2000 and 2099',
      ]);
    }
    expect(clientTaskUpdateSchema.parse({ assignedTo: '   ' })).toEqual({ assignedTo: null });
    expect(messages(clientTaskUpdateSchema.safeParse({ status: 'not_started' }))).toEqual([
      'Status must be pending or completed',
    ]);
    expect(messages(clientTaskUpdateSchema.safeParse({}))).toEqual(['Nothing to update']);
  });

  it('custom task create: title required, priority medium, empty fields null', () => {
    expect(customTaskCreateSchema.parse({ title: ' Fence ' })).toEqual({
      title: 'Fence',
      description: null,
      priority: 'medium',
      dueDate: null,
      assignedTo: null,
      stageId: null,
    });
    expect(
      customTaskCreateSchema.parse({ title: 'A', description: '', dueDate: '', assignedTo: '', stageId: '' }),
    ).toMatchObject({
      description: null,
      dueDate: null,
      assignedTo: null,
      stageId: null,
    });
    expect(messages(customTaskCreateSchema.safeParse({ title: '' }))).toEqual(['Title is required']);
    expect(messages(customTaskCreateSchema.safeParse({}))).toEqual(['Title is required']);
  });

  it('custom task update keeps absent fields absent (no defaults)', () => {
    expect(customTaskUpdateSchema.parse({ status: 'completed' })).toEqual({ status: 'completed' });
    expect(customTaskUpdateSchema.parse({ stageId: null, dueDate: null })).toEqual({
      stageId: null,
      dueDate: null,
    });
  });
});
