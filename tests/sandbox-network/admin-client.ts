import type { LimitRule } from './behaviours/rate-limit.ts';
import type { FacebookSettings } from './facebook/admin.ts';
import type { Behaviour } from './seed.ts';
import type { ActionKind, Layout } from './state/types.ts';

export interface PersonSummary {
  slug: string;
  name: string;
  url: string;
  hasMessageButton: boolean;
  sendsRequests: boolean;
  behaviour: Behaviour;
}

export interface Received {
  requests: {
    from: string | null;
    sentAt: number;
    status: 'pending' | 'accepted' | 'withdrawn';
    acceptedAt: number | null;
    withdrawnAt: number | null;
  }[];
  messages: { from: string | null; text: string; at: number }[];
  likes: { from: string | null; postId: number; at: number }[];
  joins: { from: string | null; group: string; at: number }[];
  /** Each opening of the person's page by one of our accounts. */
  visits: { from: string | null; at: number }[];
  /** Our accounts that follow the person, since when. */
  follows: { from: string | null; at: number }[];
}

/** An account as the admin API lists it, with its pending requests and restrictions. */
export interface AccountSummary {
  id: number;
  login: string;
  name: string;
  suspicious: boolean;
  /** Outgoing friend requests nobody answered or withdrew. */
  pendingRequests: number;
  /** Blocks for a reason other than speed (too many pending requests), network times. */
  restrictions: { kind: ActionKind; reason: 'too-many-pending'; at: number; until: number }[];
}

export interface ClockInfo {
  now: number;
  iso: string;
  speed: number;
}

/** A typed client of the sandbox's JSON admin API (over HTTP, like any test or script would use it). */
export function adminClient(baseUrl: string) {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${baseUrl}/admin${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    });
    const json = (await res.json()) as T & { error?: { message: string } };
    if (!res.ok) throw new Error(`admin ${method} ${path}: ${res.status} ${json.error?.message ?? ''}`);
    return json;
  }
  return {
    people: () => call<PersonSummary[]>('GET', '/people'),
    groups: () =>
      call<{ slug: string; name: string; ownerSlug: string; memberSlugs: string[] }[]>('GET', '/groups'),
    posts: () =>
      call<{ id: number; authorSlug: string; groupSlug: string | null; text: string }[]>('GET', '/posts'),
    accounts: () => call<AccountSummary[]>('GET', '/accounts'),
    createAccount: (a: { login: string; password: string; name?: string; suspicious?: boolean }) =>
      call<{ id: number; login: string; name: string; suspicious: boolean }>('POST', '/accounts', a),
    setSuspicious: (login: string, suspicious: boolean) =>
      call<unknown>('PATCH', `/accounts/${encodeURIComponent(login)}`, { suspicious }),
    setBehaviour: (slug: string, b: Partial<Behaviour>) =>
      call<Behaviour>('PUT', `/people/${slug}/behaviour`, b),
    received: () => call<Record<string, Received>>('GET', '/received'),
    receivedBy: (slug: string) => call<Received>('GET', `/received/${slug}`),
    setLayout: (layout: Layout) => call<{ layout: Layout }>('PUT', '/layout', { layout }),
    clock: () => call<ClockInfo>('GET', '/clock'),
    setClock: (c: { speed?: number; advanceMs?: number }) => call<ClockInfo>('PUT', '/clock', c),
    setLimits: (limits: Partial<Record<ActionKind, LimitRule>>) =>
      call<Record<ActionKind, LimitRule>>('PUT', '/limits', limits),
    /** Pending outgoing requests an account may have before one more restricts it. */
    setPendingLimit: (max: number) => call<{ max: number }>('PUT', '/pending-limit', { max }),
    reset: () => call<{ ok: true }>('POST', '/reset'),
  };
}

export type AdminClient = ReturnType<typeof adminClient>;

/** The Facebook skin's switches (facebook/admin.ts). */
export function facebookAdmin(baseUrl: string) {
  async function call(method: string, body?: FacebookSettings): Promise<Required<FacebookSettings>> {
    const res = await fetch(`${baseUrl}/admin/facebook`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : null,
    });
    const json = (await res.json()) as Required<FacebookSettings> & { error?: { message: string } };
    if (!res.ok) throw new Error(`admin ${method} /facebook: ${res.status} ${json.error?.message ?? ''}`);
    return json;
  }
  return { get: () => call('GET'), set: (settings: FacebookSettings) => call('PUT', settings) };
}
