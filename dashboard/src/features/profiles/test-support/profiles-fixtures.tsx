import type { Profile, ProfilesListResponse } from '@reachly/shared/schemas';

/** Fixtures of the profiles screen's tests: profiles and pages of them (and the shared screen helpers). */

export function makeProfile(id: number, name: string, overrides: Partial<Profile> = {}): Profile {
  return {
    id,
    name,
    loginStatus: 'logged-out',
    proxySource: 'NOT_USE',
    proxyType: null,
    HTTPProxyAddress: null,
    proxyLogin: null,
    hasProxyPassword: false,
    proxyTimezone: null,
    isReady: false,
    pausedUntil: null,
    pauseReason: null,
    createdAt: '2026-06-01T10:00:00.000Z',
    updatedAt: '2026-06-01T10:00:00.000Z',
    ...overrides,
  };
}

export function profilesPage(profiles: Profile[]): ProfilesListResponse {
  return { profiles, hasMore: false, total: profiles.length, page: 1 };
}

export { json, type RecordedRequest, routeFetch } from '../../../test-support/fetch-routes.ts';
export { withApp } from '../../../test-support/with-app.tsx';
