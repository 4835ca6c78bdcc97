import { afterEach, describe, expect, it, vi } from 'vitest';
import { dayLabel, lazyDateFormat } from './date-format.ts';

describe('lazyDateFormat', () => {
  afterEach(() => vi.restoreAllMocks());

  it('makes its formatter at the first date, not before, and keeps it for the next ones', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    const format = lazyDateFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(made).not.toHaveBeenCalled();

    expect(format(new Date('2030-06-02T12:00:00Z'))).toBe('Jun 2, 2030');
    expect(format(new Date('2030-12-31T12:00:00Z'))).toBe('Dec 31, 2030');
    expect(made).toHaveBeenCalledTimes(1);
    expect(made).toHaveBeenCalledWith('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
  });

  it('gives each format its own formatter', () => {
    const day = lazyDateFormat('en-US', { day: 'numeric', timeZone: 'UTC' });
    const month = lazyDateFormat('en-US', { month: 'long', timeZone: 'UTC' });
    const date = new Date('2030-06-02T12:00:00Z');
    expect([day(date), month(date), day(date)]).toEqual(['2', 'June', '2']);
  });
});

describe('dayLabel', () => {
  it('writes a calendar day as the day itself, in English, whatever the time zone', () => {
    expect(dayLabel('2030-06-02')).toBe('Jun 2, 2030');
    expect(dayLabel('2030-12-31')).toBe('Dec 31, 2030');
    expect(dayLabel('2032-02-29')).toBe('Feb 29, 2032');
  });
});
