import type { Group, Person, Post } from '../seed.ts';

export type ActionKind = 'friend-request' | 'message' | 'join' | 'like';
export const ACTION_KINDS: readonly ActionKind[] = ['friend-request', 'message', 'join', 'like'];
export type Layout = 'v1' | 'v2';

export interface Account {
  id: number;
  login: string;
  password: string;
  name: string;
  suspicious: boolean;
}

export interface FriendRequest {
  id: number;
  accountId: number;
  personSlug: string;
  /** outgoing: the account asked the person; incoming: the person asked the account. */
  direction: 'outgoing' | 'incoming';
  sentAt: number;
  /** withdrawn: the account cancelled its pending request (kept, with the time, for the records). */
  status: 'pending' | 'accepted' | 'withdrawn';
  acceptedAt: number | null;
  withdrawnAt: number | null;
}

/** An action the network blocked for a reason other than speed (too many pending requests). */
interface Restriction {
  accountId: number;
  kind: ActionKind;
  reason: 'too-many-pending';
  at: number;
  until: number;
}

export interface Message {
  id: number;
  accountId: number;
  personSlug: string;
  from: 'account' | 'person';
  text: string;
  at: number;
}

interface Like {
  postId: number;
  accountId: number;
  at: number;
}

/** A person's page opened by an account (a visit), or a follow of the person by an account. */
interface PersonTouch {
  accountId: number;
  personSlug: string;
  at: number;
}

interface Join {
  groupSlug: string;
  accountId: number;
  at: number;
}

export interface State {
  people: Map<string, Person>;
  groups: Map<string, Group>;
  posts: Post[];
  accounts: Map<string, Account>;
  sessions: Map<string, number>;
  requests: FriendRequest[];
  messages: Message[];
  likes: Like[];
  joins: Join[];
  /** Every opening of a person's page by an account, as the network would show "who viewed". */
  visits: PersonTouch[];
  /** Accounts following people (at most one per account and person). */
  follows: PersonTouch[];
  restrictions: Restriction[];
  layout: Layout;
  nextId: number;
}
