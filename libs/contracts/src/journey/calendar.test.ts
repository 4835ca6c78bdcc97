import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REMINDER_MINUTES,
  REMINDER_LEADS,
  reminderTimeOfDay,
  reminderWhenText,
  timeOfDayText,
} from './calendar.ts';

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

  it('names each choice a person has by its time and day', () => {
    expect(REMINDER_LEADS.map(reminderWhenText)).toEqual([
      '8 am on the day it is due',
      '6 pm the day before',
      '8 am the day before',
      '6 pm 2 days before',
    ]);
    expect(REMINDER_LEADS).toContain(DEFAULT_REMINDER_MINUTES);
    expect(reminderWhenText(7 * 24 * 60)).toBe('12 am 7 days before');
  });
});
