import { describe, expect, it } from 'vitest';
import { lastActivityLabel } from './last-activity.ts';

const now = new Date('2030-06-15T12:00:00Z');
const before = (milliseconds: number) => new Date(now.getTime() - milliseconds).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('last activity', () => {
  it('says Just now under an hour', () => {
    expect(lastActivityLabel(before(0), now)).toBe('Just now');
    expect(lastActivityLabel(before(59 * MINUTE + 59_999), now)).toBe('Just now');
  });

  it('counts whole hours under a day', () => {
    expect(lastActivityLabel(before(HOUR), now)).toBe('1 hour ago');
    expect(lastActivityLabel(before(2 * HOUR - 1), now)).toBe('1 hour ago');
    expect(lastActivityLabel(before(2 * HOUR), now)).toBe('2 hours ago');
    expect(lastActivityLabel(before(DAY - 1), now)).toBe('23 hours ago');
  });

  it('counts whole days from a day on', () => {
    expect(lastActivityLabel(before(DAY), now)).toBe('1 day ago');
    expect(lastActivityLabel(before(2 * DAY - 1), now)).toBe('1 day ago');
    expect(lastActivityLabel(before(45 * DAY), now)).toBe('45 days ago');
  });

  it('reads a time ahead of the clock, or no time at all, as Just now', () => {
    expect(lastActivityLabel(new Date(now.getTime() + 5 * HOUR), now)).toBe('Just now');
    expect(lastActivityLabel('not a date', now)).toBe('Just now');
  });
});
