import { randomBytes } from 'node:crypto';
import type { World } from '../seed.ts';
import type { Account, FriendRequest, Message, State } from './types.ts';

/** A fresh in-memory state from the seeded world (behaviours are copied so the admin API may change them). */
export function createState(world: World): State {
  return {
    people: new Map(world.people.map((p) => [p.slug, { ...p, behaviour: { ...p.behaviour } }])),
    groups: new Map(world.groups.map((g) => [g.slug, { ...g, memberSlugs: [...g.memberSlugs] }])),
    posts: world.posts.map((p) => ({ ...p })),
    accounts: new Map(),
    sessions: new Map(),
    requests: [],
    messages: [],
    likes: [],
    joins: [],
    visits: [],
    follows: [],
    restrictions: [],
    layout: 'v1',
    nextId: 1,
  };
}

export function nextId(state: State): number {
  return state.nextId++;
}

export function accountById(state: State, id: number): Account | undefined {
  for (const account of state.accounts.values()) if (account.id === id) return account;
  return undefined;
}

export function openSession(state: State, account: Account): string {
  const token = randomBytes(18).toString('base64url');
  state.sessions.set(token, account.id);
  return token;
}

/** The request between the account and the person that stands (a withdrawn one is gone from the pages). */
export function findRequest(state: State, accountId: number, personSlug: string): FriendRequest | undefined {
  return state.requests.find(
    (r) => r.accountId === accountId && r.personSlug === personSlug && r.status !== 'withdrawn',
  );
}

/** Whether the account follows the person. */
export function follows(state: State, accountId: number, personSlug: string): boolean {
  return state.follows.some((f) => f.accountId === accountId && f.personSlug === personSlug);
}

/** The account follows the person from `at` (once: following again changes nothing). */
export function follow(state: State, accountId: number, personSlug: string, at: number): void {
  if (!follows(state, accountId, personSlug)) state.follows.push({ accountId, personSlug, at });
}

export function thread(state: State, accountId: number, personSlug: string): Message[] {
  return state.messages.filter((m) => m.accountId === accountId && m.personSlug === personSlug);
}

/** Everything a person received from our accounts: the admin API's report. */
export function received(state: State, personSlug: string) {
  const login = (id: number) => accountById(state, id)?.login ?? null;
  const authored = new Set(state.posts.filter((p) => p.authorSlug === personSlug).map((p) => p.id));
  const owned = new Set(
    [...state.groups.values()].filter((g) => g.ownerSlug === personSlug).map((g) => g.slug),
  );
  return {
    requests: state.requests
      .filter((r) => r.personSlug === personSlug && r.direction === 'outgoing')
      .map((r) => ({
        from: login(r.accountId),
        sentAt: r.sentAt,
        status: r.status,
        acceptedAt: r.acceptedAt,
        withdrawnAt: r.withdrawnAt,
      })),
    messages: state.messages
      .filter((m) => m.personSlug === personSlug && m.from === 'account')
      .map((m) => ({ from: login(m.accountId), text: m.text, at: m.at })),
    likes: state.likes
      .filter((l) => authored.has(l.postId))
      .map((l) => ({ from: login(l.accountId), postId: l.postId, at: l.at })),
    joins: state.joins
      .filter((j) => owned.has(j.groupSlug))
      .map((j) => ({ from: login(j.accountId), group: j.groupSlug, at: j.at })),
    visits: state.visits
      .filter((v) => v.personSlug === personSlug)
      .map((v) => ({ from: login(v.accountId), at: v.at })),
    follows: state.follows
      .filter((f) => f.personSlug === personSlug)
      .map((f) => ({ from: login(f.accountId), at: f.at })),
  };
}
