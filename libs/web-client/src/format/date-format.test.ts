import { afterEach, describe, expect, it, vi } from 'vitest';
import { dayLabel, lazyDateFormat, localDayLabel } from './date-format.ts';

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
  afterEach(() => vi.restoreAllMocks());

  it('writes a calendar day as the day itself, in English, whatever the time zone', () => {
    expect(dayLabel('2030-06-02')).toBe('Jun 2, 2030');
    expect(dayLabel('2030-12-31')).toBe('Dec 31, 2030');
    expect(dayLabel('2032-02-29')).toBe('Feb 29, 2032');
  });

  it('writes every month as US English does, without building a formatter', () => {
    const english = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    for (let month = 1; month <= 12; month += 1) {
      const iso = `2031-${String(month).padStart(2, '0')}-09`;
      expect(dayLabel(iso)).toBe(english.format(new Date(`${iso}T00:00:00Z`)));
    }
    expect(localDayLabel(new Date())).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(made).not.toHaveBeenCalled();
  });

  it('gives back what is not a day', () => {
    expect(dayLabel('2031-13-01')).toBe('2031-13-01');
    expect(dayLabel('soon')).toBe('soon');
  });
});

describe('localDayLabel', () => {
  const zone = process.env['TZ'];
  afterEach(() => {
    if (zone === undefined) delete process.env['TZ'];
    else process.env['TZ'] = zone;
  });

  it('writes the day an instant falls on in the reader’s zone, as dayLabel writes a day', () => {
    process.env['TZ'] = 'Pacific/Auckland';
    // 8 pm on June 2 in UTC is the morning of June 3 in Auckland (UTC+12).
    expect(localDayLabel(new Date('2030-06-02T20:00:00Z'))).toBe('Jun 3, 2030');
    expect(localDayLabel(new Date('2030-06-02T11:00:00Z'))).toBe('Jun 2, 2030');
  });
});
