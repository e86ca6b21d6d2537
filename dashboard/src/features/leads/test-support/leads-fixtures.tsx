import type { Lead, LeadsListResponse } from '@reachly/shared/schemas';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

export function makeLead(id: number, overrides: Partial<Lead> = {}): Lead {
  return {
    id,
    collectionId: 1,
    profileUrl: `https://facebook.com/p${id}`,
    name: `Lead ${id}`,
    firstName: null,
    lastName: null,
    avatarUrl: null,
    hasMessageButton: false,
    isExcluded: false,
    shouldSkip: false,
    source: 'manual',
    friendRequestSentAt: null,
    messageSentAt: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    fields: {},
    ...overrides,
  };
}

export function leadsPage(ids: number[], totalCount: number): LeadsListResponse {
  return { leads: ids.map((id) => makeLead(id)), totalCount, nextCursor: null };
}

export function withClient(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

/** A promise the test settles by hand. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
