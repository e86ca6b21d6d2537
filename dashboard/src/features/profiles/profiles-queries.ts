import { type LoginStatus, PROFILES_PAGE_SIZE } from '@reachly/shared/constants';
import { type ClientInput, contract } from '@reachly/shared/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import type { PastedCookie } from './utils/cookie-import.ts';
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
    queryFn: ({ signal }) =>
      call(
        contract.profiles.list,
        {
          query: {
            notReadyOnly: filters.notReadyOnly,
            loginStatus: filters.loginStatus ?? undefined,
            page: filters.page,
            limit: PROFILES_PAGE_SIZE,
            search: filters.search.trim() || undefined,
          },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

/**
 * POST (create) or PATCH (edit: the body carries the profile's id) /api/profiles. A failure is left
 * to the form, which shows the server's message (spec §8: the save's error message is the server's
 * response).
 */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileBody) =>
      'id' in body ? call(contract.profiles.update, { body }) : call(contract.profiles.create, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [PROFILES_KEY] }),
  });
}

/** DELETE /api/profiles?id; a failure is toasted with the server's message. */
export function useDeleteProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(contract.profiles.remove, { query: { id } }),
    meta: { errorTitle: 'Could not delete the profile' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [PROFILES_KEY] }),
  });
}

type CookiesBody = ClientInput<typeof contract.profiles.storeCookies>['body'];

/**
 * PUT /api/profiles/:id/cookies: stores (replacing any earlier set) the cookies the desktop app
 * imports into the profile's browser before it next starts. A failure is left to the dialog, which
 * shows the server's details next to the cookies. The profiles list shows nothing of cookies, so
 * nothing is invalidated.
 */
export function useImportCookies() {
  return useMutation({
    mutationFn: ({ profileId, cookies }: { profileId: number; cookies: readonly PastedCookie[] }) =>
      call(contract.profiles.storeCookies, {
        params: { id: profileId },
        // Sent as pasted (the server drops the keys it does not know): the form has judged them with
        // the endpoint's own schema (checkCookies) before it calls this.
        body: { cookies: [...cookies] as CookiesBody['cookies'] },
      }),
  });
}
