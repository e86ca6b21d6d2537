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
  status: 'pending' | 'accepted';
  acceptedAt: number | null;
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
  layout: Layout;
  nextId: number;
}
