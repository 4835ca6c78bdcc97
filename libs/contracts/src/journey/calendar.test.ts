import { describe, expect, it } from 'vitest';
import { DEFAULT_REMINDER_MINUTES, reminderTimeOfDay, timeOfDayText } from './calendar.ts';

describe('reminder times', () => {
  it('reminds at 6 pm the evening before by default, not at bedtime', () => {
    expect(DEFAULT_REMINDER_MINUTES).toBe(360);
    expect(reminderTimeOfDay(DEFAULT_REMINDER_MINUTES)).toBe('6 pm');
  });

  it('says any lead as a time of day', () => {
    expect(reminderTimeOfDay(60)).toBe('11 pm');
    expect(reminderTimeOfDay(30)).toBe('11:30 pm');
    expect(reminderTimeOfDay(12 * 60)).toBe('12 pm');
    expect(reminderTimeOfDay(24 * 60)).toBe('12 am');
    expect(reminderTimeOfDay(15 * 60 + 15)).toBe('8:45 am');
    expect(reminderTimeOfDay(0)).toBe('12 am');
    expect([timeOfDayText(21 * 60), timeOfDayText(8 * 60), timeOfDayText(0)]).toEqual([
      '9 pm',
      '8 am',
      '12 am',
    ]);
  });
});
