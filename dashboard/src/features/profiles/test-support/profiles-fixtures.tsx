import { ChakraProvider } from '@chakra-ui/react';
import type { Profile, ProfilesListResponse } from '@reachly/shared/schemas';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '../../../components/toaster.tsx';
import { system } from '../../../theme.ts';

/** Fixtures of the profiles screen's tests: profiles, pages of them, the app around a screen, fetch. */

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
    createdAt: '2026-06-01T10:00:00.000Z',
    updatedAt: '2026-06-01T10:00:00.000Z',
    ...overrides,
  };
}

export function profilesPage(profiles: Profile[]): ProfilesListResponse {
  return { profiles, hasMore: false, total: profiles.length, page: 1 };
}

/** Chakra (with the page's toaster, so toasts can be read) and TanStack Query around a screen. */
export function withApp(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        {children}
        <Toaster />
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
