import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteCookie } from '../lib/cookies.ts';
import { countVisit, emitEvent } from './analytics.ts';

interface Posted {
  path: string;
  body: Record<string, unknown>;
}

let posted: Posted[];
beforeEach(() => {
  localStorage.clear();
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) deleteCookie(name);
  }
  posted = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
    posted.push({ path, body: JSON.parse(String(init.body)) });
    return new Response('{"ok":true}', { status: 200 });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('emitEvent', () => {
  it('refuses a type that is not a string with TypeError "Event type must be string"', async () => {
    await expect(emitEvent(42)).rejects.toThrow(new TypeError('Event type must be string'));
    expect(posted).toEqual([]);
  });

  it('posts noGuestId with a new guest id first, then the event; later events only the event', async () => {
    await emitEvent('clientLoaded', { step: 1 }, { plan: 'trial' });
    expect(posted.map((p) => p.body.type)).toEqual(['noGuestId', 'clientLoaded']);
    const [first, second] = posted;
    expect(first?.body).toMatchObject({ type: 'noGuestId', source: 'client', guestId: expect.any(String) });
    expect(second?.body).toMatchObject({
      type: 'clientLoaded',
      source: 'client',
      hasGuestId: false,
      step: 1,
      mongoAttributes: { plan: 'trial' },
      url: window.location.href,
    });
    posted = [];
    await emitEvent('firstVisitClient');
    expect(posted.map((p) => p.body)).toEqual([
      expect.objectContaining({ type: 'firstVisitClient', hasGuestId: true }),
    ]);
  });

  it('shares one noGuestId post between events emitted together', async () => {
    await Promise.all([emitEvent('a'), emitEvent('b')]);
    expect(posted.filter((p) => p.body.type === 'noGuestId')).toHaveLength(1);
  });
});

describe('countVisit', () => {
  const day = 24 * 60 * 60 * 1000;

  it('posts uniqueNewVisits on a first visit and stores the time', async () => {
    await countVisit(true, 1_000);
    expect(posted).toEqual([{ path: '/api/summary', body: { key: 'uniqueNewVisits' } }]);
    expect(localStorage.getItem('lastSentVisitEvent')).toBe('1000');
  });

  it('posts uniqueVisits again only after 24 hours', async () => {
    await countVisit(false, 1_000);
    await countVisit(false, 1_000 + day - 1);
    await countVisit(false, 1_000 + day);
    expect(posted.map((p) => p.body.key)).toEqual(['uniqueVisits', 'uniqueVisits']);
  });
});
