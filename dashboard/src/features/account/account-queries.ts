import { contract } from '@reachly/shared/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

/** GET /api/user: the user with the licence and the offered desktop version. */
export const userQuery = () =>
  queryOptions({
    queryKey: ['user'] as const,
    queryFn: ({ signal }) => call(contract.user.get, {}, { signal }),
  });

/** GET /api/traffic: limit, used and remaining bytes (big-integer strings). */
export const trafficQuery = () =>
  queryOptions({
    queryKey: ['traffic'] as const,
    queryFn: ({ signal }) => call(contract.user.traffic, {}, { signal }),
  });

/** GET /api/user/account: the signed-in user's name and email (the account page). */
export const accountQuery = () =>
  queryOptions({
    queryKey: ['account'] as const,
    queryFn: ({ signal }) => call(contract.user.account, {}, { signal }),
  });
