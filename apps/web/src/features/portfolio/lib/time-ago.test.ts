import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago';

const NOW = Date.parse('2026-11-28T12:00:00.000Z');
const before = (ms: number) => new Date(NOW - ms).toISOString();

describe('timeAgo', () => {
  it('says how long ago, in the largest whole unit', () => {
    expect(timeAgo(before(20_000), NOW)).toBe('just now');
    expect(timeAgo(before(5 * 60_000), NOW)).toBe('5 minutes ago');
    expect(timeAgo(before(3 * 3_600_000), NOW)).toBe('3 hours ago');
    expect(timeAgo(before(86_400_000), NOW)).toBe('yesterday');
    expect(timeAgo(before(9 * 86_400_000), NOW)).toBe('9 days ago');
    expect(timeAgo(before(40 * 86_400_000), NOW)).toBe('last month');
    expect(timeAgo(before(400 * 86_400_000), NOW)).toBe('last year');
  });
});
