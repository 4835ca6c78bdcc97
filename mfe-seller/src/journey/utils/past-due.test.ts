import { describe, expect, it } from 'vitest';
import { PAST_DUE_HINT, pastDueHint, todayIn } from './past-due.ts';

describe('past due dates', () => {
  it('counts today in the person’s time zone', () => {
    const lateEvening = new Date('2030-03-10T03:30:00.000Z');
    expect(todayIn('America/New_York', lateEvening)).toBe('2030-03-09');
    expect(todayIn('Europe/Paris', lateEvening)).toBe('2030-03-10');
    expect(todayIn('Not/A_Zone', lateEvening)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('hints only at a date before today', () => {
    expect(pastDueHint('2030-03-09', '2030-03-10')).toBe(PAST_DUE_HINT);
    expect(pastDueHint('2030-03-10', '2030-03-10')).toBeUndefined();
    expect(pastDueHint('2030-03-11', '2030-03-10')).toBeUndefined();
    expect(pastDueHint('', '2030-03-10')).toBeUndefined();
    expect(pastDueHint('2030-03-09', undefined)).toBeUndefined();
  });
});
