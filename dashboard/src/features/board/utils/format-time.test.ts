import { describe, expect, it } from 'vitest';
import { formatFullTime, formatMessageTime } from './format-time.ts';

describe('formatMessageTime', () => {
  const now = new Date(2025, 5, 15, 18, 0);
  it('shows the time today, day and month this year, the full date before', () => {
    expect(formatMessageTime(new Date(2025, 5, 15, 9, 5).toISOString(), now, 'en-GB')).toBe('09:05');
    expect(formatMessageTime(new Date(2025, 2, 3, 9, 5).toISOString(), now, 'en-GB')).toBe('3 Mar');
    expect(formatMessageTime(new Date(2023, 11, 24, 9, 5).toISOString(), now, 'en-GB')).toBe('24 Dec 2023');
  });
  it('shows nothing for a date it cannot read', () => {
    expect(formatMessageTime('not a date', now)).toBe('');
    expect(formatFullTime('not a date')).toBe('');
  });
  it('gives date and time in full', () => {
    expect(formatFullTime(new Date(2025, 2, 3, 9, 5).toISOString(), 'en-GB')).toBe('3 Mar 2025, 09:05');
  });
});
