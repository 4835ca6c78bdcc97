import { describe, expect, it } from 'vitest';
import { quietHoursEnd } from './reminder-times.ts';

const end = (iso: string, zone: string) => quietHoursEnd(new Date(iso), zone)?.toISOString() ?? null;

describe('quiet hours', () => {
  it('are from 9 pm until 8 am in the person’s zone, ending the next morning after 9 pm', () => {
    // New York is UTC−5 in December.
    expect(end('2026-12-10T01:59:59Z', 'America/New_York')).toBeNull(); // 20:59:59
    expect(end('2026-12-10T02:00:00Z', 'America/New_York')).toBe('2026-12-10T13:00:00.000Z'); // 21:00
    expect(end('2026-12-10T08:00:00Z', 'America/New_York')).toBe('2026-12-10T13:00:00.000Z'); // 03:00
    expect(end('2026-12-10T12:59:59Z', 'America/New_York')).toBe('2026-12-10T13:00:00.000Z'); // 07:59:59
    expect(end('2026-12-10T13:00:00Z', 'America/New_York')).toBeNull(); // 08:00
    // Tokyo (UTC+9): 21:00 on the 10th waits until 08:00 on the 11th, which is 23:00 UTC on the 10th.
    expect(end('2026-12-10T12:00:00Z', 'Asia/Tokyo')).toBe('2026-12-10T23:00:00.000Z');
    expect(end('2026-12-10T23:00:00Z', 'Asia/Tokyo')).toBeNull();
  });

  it('end at 8 am local on a night the clocks change, and in an unknown zone the platform’s', () => {
    // Spring forward in New York: 2027-03-14 02:00 → 03:00; 8 am that day is 12:00 UTC (UTC−4).
    expect(end('2027-03-14T05:00:00Z', 'America/New_York')).toBe('2027-03-14T12:00:00.000Z');
    expect(end('2026-12-10T02:00:00Z', 'Not/AZone')).toBe('2026-12-10T13:00:00.000Z');
  });
});
