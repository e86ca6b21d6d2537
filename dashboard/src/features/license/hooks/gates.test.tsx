import type { Traffic, UserResponse } from '@reachly/shared/schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { createStore, Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { popupsAtom } from '../../../state/popups.ts';
import { trafficQuery, userQuery } from '../../account/account-queries.ts';
import { useLicenseGate } from './use-license-gate.ts';
import { useTrafficEndedPopup } from './use-traffic-ended-popup.ts';
import { useTrafficGate } from './use-traffic-gate.ts';

const user = (licenseTill: string | null): UserResponse => ({
  id: 1,
  email: 'ann@example.com',
  data: { email: 'ann@example.com' },
  accessToken: 'tok',
  isBanned: false,
  organizationId: 1,
  license: { plan: 'pro', isTrial: false, licenseTill },
  areProfilesGiven: false,
  paymentTexts: [],
  offeredDesktopVersion: null,
});
const traffic = (remaining: number): Traffic => ({
  trafficLimit: String(Math.max(remaining, 0)),
  usedTraffic: '0',
  remainingTraffic: String(remaining),
});

function setup() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  const store = createStore();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={store}>{children}</JotaiProvider>
    </QueryClientProvider>
  );
  /** Sets cached data and lets the query observers (notified on a timer) re-render. */
  const set = async (key: readonly unknown[], data: unknown) => {
    await act(async () => {
      queryClient.setQueryData(key, data);
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
  };
  return { queryClient, store, wrapper, set };
}

describe('licence and traffic gates', () => {
  it('ensureLicensed passes a valid licence and opens BUY_LICENSE_POPUP for an expired one', async () => {
    const { queryClient, store, wrapper, set } = setup();
    queryClient.setQueryData(userQuery().queryKey, user('2999-01-01T00:00:00.000Z'));
    const { result } = renderHook(() => useLicenseGate(), { wrapper });
    expect(result.current.ensureLicensed()).toBe(true);
    expect(store.get(popupsAtom).BUY_LICENSE_POPUP).toBe(false);

    await set(userQuery().queryKey, user('2000-01-01T00:00:00.000Z'));
    act(() => {
      expect(result.current.ensureLicensed()).toBe(false);
    });
    expect(store.get(popupsAtom).BUY_LICENSE_POPUP).toBe(true);
  });

  it('ensureTraffic opens BUY_TRAFFIC_POPUP once the traffic ran out', async () => {
    const { queryClient, store, wrapper, set } = setup();
    queryClient.setQueryData(trafficQuery().queryKey, traffic(100));
    const { result } = renderHook(() => useTrafficGate(), { wrapper });
    expect(result.current.ensureTraffic()).toBe(true);

    await set(trafficQuery().queryKey, traffic(0));
    act(() => {
      expect(result.current.ensureTraffic()).toBe(false);
    });
    expect(store.get(popupsAtom).BUY_TRAFFIC_POPUP).toBe(true);
  });

  it('opens TRAFFIC_ENDED_POPUP once per exhaustion', async () => {
    const { queryClient, store, wrapper, set } = setup();
    queryClient.setQueryData(trafficQuery().queryKey, traffic(100));
    renderHook(() => useTrafficEndedPopup(), { wrapper });
    expect(store.get(popupsAtom).TRAFFIC_ENDED_POPUP).toBe(false);

    await set(trafficQuery().queryKey, { ...traffic(100), remainingTraffic: '0' });
    expect(store.get(popupsAtom).TRAFFIC_ENDED_POPUP).toBe(true);

    // Closed by the user; a further push while still exhausted does not reopen it.
    act(() => store.set(popupsAtom, { ...store.get(popupsAtom), TRAFFIC_ENDED_POPUP: false }));
    await set(trafficQuery().queryKey, traffic(-10));
    expect(store.get(popupsAtom).TRAFFIC_ENDED_POPUP).toBe(false);

    // Traffic added, then spent again: it opens again.
    await set(trafficQuery().queryKey, traffic(500));
    await set(trafficQuery().queryKey, traffic(0));
    expect(store.get(popupsAtom).TRAFFIC_ENDED_POPUP).toBe(true);
  });
});
