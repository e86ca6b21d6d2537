import { TAB_HEADER } from '@reachly/shared/constants';
import { contract } from '@reachly/shared/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call, getAccessToken, setAccessToken, TAB_ID } from '../lib/api.ts';
import { DEMO_REGISTER_MESSAGE, demoSession, forgetDemoSession } from './demo-session.ts';

const demoAnswer = { accessToken: 'demo_token', organizationId: 7, resetsAt: '2026-01-01T00:30:00.000Z' };

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  localStorage.clear();
  forgetDemoSession();
  setAccessToken('user-token');
  fetchMock = vi.fn(async (url: string) =>
    url === '/api/demo/session'
      ? json(demoAnswer)
      : url === '/api/collections'
        ? json([])
        : json({ ok: true }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the demo session', () => {
  it('asks the server once per page load with the visitor id kept beside isDemo', async () => {
    expect(await demoSession()).toEqual(demoAnswer);
    await demoSession();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    const { visitorId } = JSON.parse(String(init.body)) as { visitorId: string };
    expect(visitorId).toMatch(/^[0-9a-f]{32}$/);
    expect(localStorage.getItem('demoVisitorId')).toBe(visitorId);
    expect(init.credentials).toBe('omit');

    forgetDemoSession();
    await demoSession();
    const [, again] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(JSON.parse(String(again.body))).toEqual({ visitorId });
  });

  it('asks again after a failure', async () => {
    fetchMock.mockResolvedValueOnce(json({ error: { code: 'TOO_MANY_REQUESTS', message: 'Too many' } }, 429));
    await expect(demoSession()).rejects.toThrow('Too many');
    expect(await demoSession()).toEqual(demoAnswer);
  });
});

describe('call() in demo mode', () => {
  beforeEach(() => localStorage.setItem('isDemo', 'true'));

  it("sends every call with the demo user's token, never the user's", async () => {
    expect(await call(contract.collections.list)).toEqual([]);
    const sent = fetchMock.mock.calls.find(([url]) => url === '/api/collections') as [string, RequestInit];
    expect(sent[1].headers).toEqual({ authorization: 'demo_token', [TAB_HEADER]: TAB_ID });
    expect(getAccessToken()).toBe('demo_token');
  });

  it('creates no account', async () => {
    const refused = await call(contract.auth.register, {
      body: { email: 'visitor@example.com', password: 'a-long-password' },
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).message).toBe(DEMO_REGISTER_MESSAGE);
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/register')).toBe(false);
  });
});
