import { describe, expect, it } from 'vitest';
import { readerHourCycle } from '@listready/web-client';
import { counted, formatCount, formatDateTime, formatTime } from './format.ts';

describe('times and counts on the analytics dashboard', () => {
  it('writes counts as the pages’ English does, whatever the browser’s locale', () => {
    expect(formatCount(1204)).toBe('1,204');
    expect(counted(1204, 'event', 'events')).toBe('1,204 events');
    expect(counted(1, 'event', 'events')).toBe('1 event');
  });

  it('names the month in English, on the reader’s clock', () => {
    const clock = readerHourCycle();
    const at = '2030-03-10T14:05:09.000Z';
    const twelveHours = clock === 'h12' || clock === 'h11';
    // "Mar 10, 14:05" on a 24-hour clock; "Mar 10, 2:05 PM" on a 12-hour one, without "02".
    expect(formatDateTime(at)).toMatch(
      twelveHours ? /^Mar (9|10|11), [1-9]\d?:05 [AP]M$/ : /^Mar (9|10|11), \d{2}:05$/,
    );
    expect(formatTime(at)).toMatch(twelveHours ? /^[1-9]\d?:05:09 [AP]M$/ : /^\d{2}:05:09$/);
  });

  it('reads the clock a locale keeps: 24 hours in Germany, 12 in the US', () => {
    expect(readerHourCycle('de-DE')).toBe('h23');
    expect(readerHourCycle('en-GB')).toBe('h23');
    expect(readerHourCycle('en-US')).toBe('h12');
  });
});
