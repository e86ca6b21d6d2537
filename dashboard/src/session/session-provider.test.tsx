import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAccessToken } from '../lib/api.ts';
import { SESSION_BROADCAST_KEY } from './session-client.ts';
import { SessionProvider, useSession } from './session-provider.tsx';

let sessionAnswer: unknown;
let sessionCalls: number;
let beacons: string[];

beforeEach(() => {
  sessionAnswer = {};
  sessionCalls = 0;
  beacons = [];
  vi.stubGlobal('fetch', async (url: string) => {
    if (url === '/api/auth/session') {
      sessionCalls += 1;
      if (sessionAnswer instanceof Error) throw sessionAnswer;
      return new Response(JSON.stringify(sessionAnswer), { status: 200 });
    }
    return new Response('{}', { status: 200 });
  });
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (_url: string, body: URLSearchParams) => {
      beacons.push(body.toString());
      return true;
    },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Status() {
  const { status, data } = useSession();
  return (
    <p>
      {status} {data?.user?.email ?? ''}
    </p>
  );
}

const signedIn = {
  user: { email: 'ann@example.com' },
  accessToken: 'tok-1',
  expires: '2100-01-01T00:00:00Z',
};

describe('SessionProvider', () => {
  it('goes from loading to authenticated and hands the access token to the API client', async () => {
    sessionAnswer = signedIn;
    render(
      <SessionProvider>
        <Status />
      </SessionProvider>,
    );
    expect(screen.getByText(/loading/)).toBeTruthy();
    await screen.findByText('authenticated ann@example.com');
    expect(getAccessToken()).toBe('tok-1');
  });

  it('is unauthenticated on an empty session, and logs CLIENT_FETCH_ERROR when the fetch fails', async () => {
    sessionAnswer = new Error('offline');
    render(
      <SessionProvider>
        <Status />
      </SessionProvider>,
    );
    await screen.findByText(/unauthenticated/);
    expect(beacons.some((b) => b.includes('code=CLIENT_FETCH_ERROR') && b.includes('client=true'))).toBe(
      true,
    );
  });

  it('refetches on the cross-tab storage event, and on visibility only when enabled', async () => {
    const { unmount } = render(
      <SessionProvider refetchOnWindowFocus={false}>
        <Status />
      </SessionProvider>,
    );
    await screen.findByText(/unauthenticated/);
    expect(sessionCalls).toBe(1);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(sessionCalls).toBe(1);
    sessionAnswer = signedIn;
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: SESSION_BROADCAST_KEY, newValue: 'x' }));
    });
    await screen.findByText('authenticated ann@example.com');
    expect(sessionCalls).toBe(2);
    unmount();

    render(
      <SessionProvider>
        <Status />
      </SessionProvider>,
    );
    await waitFor(() => expect(sessionCalls).toBe(3));
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(sessionCalls).toBe(4));
  });

  it('polls on the interval only when one is given', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(
      <SessionProvider refetchInterval={30}>
        <Status />
      </SessionProvider>,
    );
    await waitFor(() => expect(sessionCalls).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(sessionCalls).toBe(2));
    vi.useRealTimers();
  });
});
