import { type LoginStatus, PROFILES_PAGE_SIZE } from '@reachly/shared/constants';
import {
  deletedIdResponseSchema,
  type Profile,
  type ProfilesListResponse,
  profileCookiesStateSchema,
  profileSchema,
  profilesListResponseSchema,
} from '@reachly/shared/schemas';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import type { PastedCookie } from './utils/cookie-import.ts';
import type { ProfileFormMode } from './utils/profile-form-values.ts';
import type { ProfileBody } from './utils/profile-validation.ts';

export interface ProfilesFilters {
  page: number;
  search: string;
  notReadyOnly: boolean;
  loginStatus: LoginStatus | null;
}

/** Every profiles query starts with this key: PROFILES_ATTACHED invalidates them all (use-account.ts). */
export const PROFILES_KEY = 'profiles';

/**
 * GET /api/profiles?notReadyOnly&loginStatus&page&limit=20&search (spec §7). The previous page
 * stays on screen while the next one loads.
 */
export const profilesQuery = (filters: ProfilesFilters) =>
  queryOptions({
    queryKey: [PROFILES_KEY, filters] as const,
    queryFn: ({ signal }): Promise<ProfilesListResponse> =>
      api(
        '/api/profiles',
        {
          signal,
          query: {
            notReadyOnly: filters.notReadyOnly,
            loginStatus: filters.loginStatus ?? undefined,
            page: filters.page,
            limit: PROFILES_PAGE_SIZE,
            search: filters.search.trim() || undefined,
          },
        },
        profilesListResponseSchema,
      ),
    placeholderData: keepPreviousData,
  });

/**
 * POST (create) or PATCH (edit) /api/profiles. A failure is left to the form, which shows the
 * server's message (spec §8: the save's error message is the server's response).
 */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mode, body }: { mode: ProfileFormMode; body: ProfileBody }): Promise<Profile> =>
      api('/api/profiles', { method: mode.kind === 'create' ? 'POST' : 'PATCH', json: body }, profileSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [PROFILES_KEY] }),
  });
}

/** DELETE /api/profiles?id; a failure is toasted with the server's message. */
export function useDeleteProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api('/api/profiles', { method: 'DELETE', query: { id } }, deletedIdResponseSchema),
    meta: { errorTitle: 'Could not delete the profile' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [PROFILES_KEY] }),
  });
}

/**
 * PUT /api/profiles/:id/cookies: stores (replacing any earlier set) the cookies the desktop app
 * imports into the profile's browser before it next starts. A failure is left to the dialog, which
 * shows the server's details next to the cookies. The profiles list shows nothing of cookies, so
 * nothing is invalidated.
 */
export function useImportCookies() {
  return useMutation({
    mutationFn: ({ profileId, cookies }: { profileId: number; cookies: readonly PastedCookie[] }) =>
      api(
        `/api/profiles/${profileId}/cookies`,
        { method: 'PUT', json: { cookies } },
        profileCookiesStateSchema,
      ),
  });
}
