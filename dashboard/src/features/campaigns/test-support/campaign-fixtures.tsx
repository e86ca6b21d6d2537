import type { Campaign, CampaignLog, CampaignProfileState, Collection } from '@reachly/shared/schemas';
import { makeProfile as makeAnyProfile } from '../../profiles/test-support/profiles-fixtures.tsx';

export function makeCampaign(id: number, overrides: Partial<Campaign> = {}): Campaign {
  return {
    id,
    name: `Campaign ${id}`,
    collectionId: 3,
    profileIds: [7],
    steps: [{ type: 'friendRequest' }],
    dailyCaps: {},
    workingHours: { start: '09:00', end: '18:00' },
    gapSeconds: { min: 60, max: 300 },
    status: 'draft',
    createdAt: '2026-06-01T10:00:00.000Z',
    updatedAt: '2026-06-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeLog(id: number, overrides: Partial<CampaignLog> = {}): CampaignLog {
  return {
    id,
    campaignId: 5,
    profileId: 7,
    leadId: null,
    type: 'SENT_FRIEND_REQUEST',
    message: `Row ${id}`,
    createdAt: '2026-06-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeCollection(id: number, name: string): Collection {
  return {
    id,
    name,
    hasMessageButton: 0,
    profiles: 0,
    sentFriendRequests: 0,
    sentMessages: 0,
    shouldSkip: 0,
  };
}

export function makeProfileState(
  profileId: number,
  name: string,
  overrides: Partial<CampaignProfileState> = {},
): CampaignProfileState {
  return {
    profileId,
    name,
    loginStatus: 'logged-in',
    pausedUntil: null,
    pauseReason: null,
    lastSeenAt: null,
    launchFailedAt: null,
    today: {},
    ...overrides,
  };
}

export { json, type RecordedRequest, routeFetch } from '../../../test-support/fetch-routes.ts';
export { withApp } from '../../../test-support/with-app.tsx';
export { profilesPage } from '../../profiles/test-support/profiles-fixtures.tsx';

/** A profile ready to work (campaigns pick among these). */
export const makeProfile = (id: number, name: string) =>
  makeAnyProfile(id, name, { loginStatus: 'logged-in', isReady: true });
