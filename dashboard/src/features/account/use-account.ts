import { LICENSE_RECHECK_MS } from '@reachly/shared/constants';
import {
  isLicenseValid,
  isTrafficLimitReached,
  remainingTraffic,
  toTrafficBigInt,
} from '@reachly/shared/logic';
import type { Traffic, UserResponse } from '@reachly/shared/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { whenIdle } from '../../components/after-first-paint.tsx';
import { getAccessToken } from '../../lib/api.ts';
import { connectRealtime } from '../../realtime/socket.ts';
import { useRealtimeEvent } from '../../realtime/use-realtime.ts';
import { trafficQuery, userQuery } from './account-queries.ts';

export function useUser() {
  return useQuery(userQuery());
}

/**
 * Whether the licence is valid now (spec §4: licensed while now < licenseTill), rechecked every
 * 120 s (the user is refetched too) and at once on LICENSE_UPDATE (useAccountRealtime).
 */
export function useLicense() {
  const user = useQuery({ ...userQuery(), refetchInterval: LICENSE_RECHECK_MS });
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), LICENSE_RECHECK_MS);
    return () => window.clearInterval(timer);
  }, []);
  const license = user.data?.license ?? null;
  return { license, isValid: isLicenseValid(license, now), isLoading: user.isPending };
}

/** Remaining traffic in bytes (1048576 by default when missing, spec §5) and whether it ran out. */
export function useTraffic() {
  const traffic = useQuery(trafficQuery());
  // The server's remainingTraffic (also what PROXY_TRAFFIC_UPDATE pushes) wins; limit − used otherwise.
  const remaining = traffic.data
    ? (toTrafficBigInt(traffic.data.remainingTraffic) ?? remainingTraffic(traffic.data))
    : null;
  return {
    ...traffic,
    remaining,
    isLimitReached: remaining !== null && isTrafficLimitReached(remaining),
  };
}

/**
 * Opens the page's socket for the user's organisation and applies the account pushes of spec §7:
 * PROXY_TRAFFIC_UPDATE (remainingTraffic), LICENSE_UPDATE (licenseTill), PROFILES_ATTACHED
 * (profiles refetched, areProfilesGiven set).
 */
export function useAccountRealtime(user: UserResponse | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!user) return;
    // Once the first screen is painted and the browser is idle: the socket's set-up does not
    // lengthen the tasks that render the first screen. In demo mode the user is the demo user and
    // the token its own (lib/api.ts).
    return whenIdle(() => connectRealtime(user.organizationId, getAccessToken() ?? user.accessToken));
  }, [user]);

  useRealtimeEvent('LICENSE_UPDATE', ({ licenseTill }) => {
    queryClient.setQueryData<UserResponse>(userQuery().queryKey, (old) =>
      old ? { ...old, license: { ...old.license, licenseTill } } : old,
    );
    void queryClient.invalidateQueries({ queryKey: userQuery().queryKey });
  });
  useRealtimeEvent('PROXY_TRAFFIC_UPDATE', ({ remainingTraffic }) => {
    // Before the first fetch there is nothing to patch: the refetch below brings all three values.
    queryClient.setQueryData<Traffic>(trafficQuery().queryKey, (old) =>
      old ? { ...old, remainingTraffic } : old,
    );
    void queryClient.invalidateQueries({ queryKey: trafficQuery().queryKey });
  });
  useRealtimeEvent('PROFILES_ATTACHED', () => {
    queryClient.setQueryData<UserResponse>(userQuery().queryKey, (old) =>
      old ? { ...old, areProfilesGiven: true } : old,
    );
    void queryClient.invalidateQueries({ queryKey: ['profiles'] });
  });
}
