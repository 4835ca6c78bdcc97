import { describe, expect, it } from 'vitest';
import { keepBoth, limitNotes, notesCounter } from './notes-input.ts';

describe('notes input', () => {
  it('counts characters as n/500', () => {
    expect(notesCounter('')).toBe('0/500');
    expect(notesCounter('hello')).toBe('5/500');
    expect(notesCounter('x'.repeat(500))).toBe('500/500');
  });

  it('accepts text up to 500 characters as typed', () => {
    expect(limitNotes('abc', 'ab')).toBe('abc');
    expect(limitNotes('x'.repeat(500), 'x'.repeat(499))).toBe('x'.repeat(500));
  });

  it('ignores further input at the limit', () => {
    const full = 'y'.repeat(500);
    expect(limitNotes(`${full}z`, full)).toBe(full);
    expect(limitNotes(`z${full}`, full)).toBe(full);
  });

  it('keeps what fits of a paste that overflows', () => {
    expect(limitNotes('a'.repeat(600), 'short')).toBe('a'.repeat(500));
  });

  it('keeps both versions of a note written at once: mine, then theirs, within 500', () => {
    expect(keepBoth('Paint: grey', 'Paint: white, two coats')).toBe('Paint: grey\nPaint: white, two coats');
    expect(keepBoth('Roof, gutters', 'Roof')).toBe('Roof, gutters');
    expect(keepBoth('Roof', 'Roof, gutters')).toBe('Roof, gutters');
    expect(keepBoth('a'.repeat(300), 'b'.repeat(300))).toHaveLength(500);
  });
});
