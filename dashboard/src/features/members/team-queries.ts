import { contract } from '@reachly/shared/contract';
import { type QueryKey, queryOptions } from '@tanstack/react-query';
import { toaster } from '../../components/toaster.tsx';
import { call } from '../../lib/api.ts';
import { useRefreshingMutation } from '../../lib/use-refreshing-mutation.ts';

/** GET /api/team: the members, the caller's role, the invite token. */
export const teamQuery = () =>
  queryOptions({
    queryKey: ['team'] as const,
    queryFn: ({ signal }) => call(contract.team.get, {}, { signal }),
  });

/** GET /api/team/organizations: the caller's organisations (the switcher). */
export const organizationsQuery = () =>
  queryOptions({
    queryKey: ['team', 'organizations'] as const,
    queryFn: ({ signal }) => call(contract.team.organizations, {}, { signal }),
  });

/** GET /api/team/api-keys (owners and admins). */
export const apiKeysQuery = () =>
  queryOptions({
    queryKey: ['team', 'api-keys'] as const,
    queryFn: ({ signal }) => call(contract.team.apiKeys, {}, { signal }),
  });

/**
 * A change on the team page: a toast says it is `done`, or gives the server's refusal; `queryKey`
 * (the team, or the API keys) is fetched again after it, once the caller's `onSettled` has run.
 */
export function useTeamChange<V, R>(
  queryKey: QueryKey,
  fn: (input: V) => Promise<R>,
  done: string,
  onSettled?: () => void,
) {
  return useRefreshingMutation(queryKey, fn, {
    onSuccess: () => toaster.create({ type: 'success', title: done }),
    onError: (error) => toaster.create({ type: 'error', title: error.message }),
    ...(onSettled && { onSettled }),
  });
}

/** The link a person opens to join: /join with the organisation's token. */
export function inviteLink(inviteToken: string): string {
  return `${window.location.origin}/join?organizationToken=${encodeURIComponent(inviteToken)}`;
}

/**
 * After a switch or a join every page must show the other organisation: a fresh load (new socket
 * room, no cached data of the one left).
 */
export function openOrganization(): void {
  window.location.assign('/board');
}
