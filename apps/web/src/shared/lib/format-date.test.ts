import { describe, expect, it } from 'vitest';
import { timeAgo } from './format-date';

const now = Date.parse('2026-11-21T12:00:00Z');
const before = (ms: number) => new Date(now - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('timeAgo', () => {
  it('says "2 days ago" for two days ago', () => {
    expect(timeAgo(before(2 * DAY), now)).toBe('2 days ago');
    expect(timeAgo(before(2 * DAY + 5 * HOUR), now)).toBe('2 days ago');
  });

  it('counts in the largest whole unit', () => {
    expect(timeAgo(before(10 * 1000), now)).toBe('just now');
    expect(timeAgo(before(5 * MINUTE), now)).toBe('5 minutes ago');
    expect(timeAgo(before(3 * HOUR), now)).toBe('3 hours ago');
    expect(timeAgo(before(DAY), now)).toBe('1 day ago');
    expect(timeAgo(before(90 * DAY), now)).toBe('2 months ago');
    expect(timeAgo(before(800 * DAY), now)).toBe('2 years ago');
  });

  it('treats a date in the future (clock skew) as just now', () => {
    expect(timeAgo(new Date(now + 5 * MINUTE).toISOString(), now)).toBe('just now');
  });
});
