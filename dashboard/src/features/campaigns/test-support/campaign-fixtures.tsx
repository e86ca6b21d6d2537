import { ChakraProvider } from '@chakra-ui/react';
import type {
  Campaign,
  CampaignLog,
  CampaignProfileState,
  Collection,
  Profile,
  ProfilesListResponse,
} from '@reachly/shared/schemas';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { system } from '../../../theme.ts';

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

export function makeProfile(id: number, name: string): Profile {
  return {
    id,
    name,
    loginStatus: 'logged-in',
    proxySource: 'NOT_USE',
    proxyType: null,
    HTTPProxyAddress: null,
    proxyLogin: null,
    hasProxyPassword: false,
    proxyTimezone: null,
    isReady: true,
    createdAt: '2026-06-01T10:00:00.000Z',
    updatedAt: '2026-06-01T10:00:00.000Z',
  };
}

export function profilesPage(profiles: Profile[]): ProfilesListResponse {
  return { profiles, hasMore: false, total: profiles.length, page: 1 };
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
    today: {},
    ...overrides,
  };
}

/** Chakra, TanStack Query and a jotai store (to read the popups) around a screen. */
export function withApp(client: QueryClient, store = createStore()) {
  return ({ children }: { children: ReactNode }) => (
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        <JotaiProvider store={store}>{children}</JotaiProvider>
      </QueryClientProvider>
    </ChakraProvider>
  );
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/**
 * Stubs fetch with a route table `"METHOD /path"` → answer; records every request. An unknown
 * route fails the test loudly.
 */
export function routeFetch(
  routes: Record<string, (request: RecordedRequest) => Response | Promise<Response>>,
  requests: RecordedRequest[],
) {
  return async (url: string, init: RequestInit = {}) => {
    const parsed = new URL(url, 'http://localhost');
    const method = init.method ?? 'GET';
    const request: RecordedRequest = {
      method,
      path: parsed.pathname,
      query: Object.fromEntries(parsed.searchParams),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const handler = routes[`${method} ${parsed.pathname}`];
    if (!handler) throw new Error(`unexpected ${method} ${url}`);
    return handler(request);
  };
}
