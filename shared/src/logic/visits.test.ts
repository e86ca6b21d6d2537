import { describe, expect, it } from 'vitest';
import { decideVisitKey } from './visits.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const now = Date.UTC(2025, 5, 1, 12, 0, 0);

describe('decideVisitKey', () => {
  it('counts a first visit as uniqueNewVisits', () => {
    expect(decideVisitKey({ isFirstVisit: true, lastVisitAt: null, now })).toBe('uniqueNewVisits');
  });
  it('prefers uniqueNewVisits on a first visit even with a recent stored time', () => {
    expect(decideVisitKey({ isFirstVisit: true, lastVisitAt: now - 1000, now })).toBe('uniqueNewVisits');
  });
  it('counts uniqueVisits when no last-visit time is stored', () => {
    expect(decideVisitKey({ isFirstVisit: false, lastVisitAt: null, now })).toBe('uniqueVisits');
  });
  it('counts nothing 24 h minus 1 ms after the last visit', () => {
    expect(decideVisitKey({ isFirstVisit: false, lastVisitAt: now - (DAY - 1), now })).toBeNull();
  });
  it('counts uniqueVisits exactly 24 h after the last visit', () => {
    expect(decideVisitKey({ isFirstVisit: false, lastVisitAt: now - DAY, now })).toBe('uniqueVisits');
  });
  it('counts uniqueVisits more than 24 h after', () => {
    expect(decideVisitKey({ isFirstVisit: false, lastVisitAt: now - 3 * DAY, now })).toBe('uniqueVisits');
  });
  it('counts nothing for a visit an hour ago', () => {
    expect(decideVisitKey({ isFirstVisit: false, lastVisitAt: now - HOUR, now })).toBeNull();
  });
  it('treats a non-finite stored time as not stored', () => {
    expect(decideVisitKey({ isFirstVisit: false, lastVisitAt: Number.NaN, now })).toBe('uniqueVisits');
  });
  it('counts nothing for a stored time in the future', () => {
    expect(decideVisitKey({ isFirstVisit: false, lastVisitAt: now + HOUR, now })).toBeNull();
  });
});
