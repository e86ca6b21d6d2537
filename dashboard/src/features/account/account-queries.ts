import { type Traffic, trafficSchema, type UserResponse, userResponseSchema } from '@reachly/shared/schemas';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** GET /api/user: the user with the licence and the offered desktop version. */
export const userQuery = () =>
  queryOptions({
    queryKey: ['user'] as const,
    queryFn: ({ signal }): Promise<UserResponse> => api('/api/user', { signal }, userResponseSchema),
  });

/** GET /api/traffic: limit, used and remaining bytes (big-integer strings). */
export const trafficQuery = () =>
  queryOptions({
    queryKey: ['traffic'] as const,
    queryFn: ({ signal }): Promise<Traffic> => api('/api/traffic', { signal }, trafficSchema),
  });
