import type { AdapterStep } from '@reachly/shared/extension';

/**
 * The URL patterns of facebook.com as the adapter's state machine: which page a document is, where
 * a step starts, and the pattern a diagnostic names (ids and usernames replaced).
 */
export type FbPage =
  | 'login'
  | 'checkpoint'
  | 'feed'
  | 'profile'
  | 'friendRequests'
  | 'inbox'
  | 'thread'
  | 'group'
  | 'groupMembers'
  | 'search';

/** First path segments that are not a person's `/<username>`. */
const RESERVED = new Set([
  'login',
  'login.php',
  'checkpoint',
  'friends',
  'messages',
  'groups',
  'search',
  'api',
  'watch',
  'marketplace',
  'notifications',
  'settings',
  'help',
  'pages',
  'events',
  'gaming',
  'reel',
  'stories',
  'photo',
  'photo.php',
  'permalink.php',
  'story.php',
]);

const PATTERNS: { page: FbPage; path: RegExp; pattern: string }[] = [
  { page: 'login', path: /^\/login(\.php)?(\/.*)?$/, pattern: '/login' },
  { page: 'checkpoint', path: /^\/checkpoint(\/.*)?$/, pattern: '/checkpoint/' },
  { page: 'feed', path: /^\/?$/, pattern: '/' },
  { page: 'friendRequests', path: /^\/friends\/requests\/?$/, pattern: '/friends/requests' },
  { page: 'inbox', path: /^\/messages(\/t)?\/?$/, pattern: '/messages/' },
  { page: 'thread', path: /^\/messages\/(e2ee\/)?t\/[^/]+\/?$/, pattern: '/messages/t/<id>' },
  { page: 'groupMembers', path: /^\/groups\/[^/]+\/members\/?$/, pattern: '/groups/<id>/members' },
  { page: 'group', path: /^\/groups\/[^/]+\/?$/, pattern: '/groups/<id>' },
  { page: 'search', path: /^\/search\/people\/?$/, pattern: '/search/people/?q=<query>' },
  { page: 'profile', path: /^\/profile\.php$/, pattern: '/profile.php?id=<id>' },
];

/** Which page `url` is, and its pattern; null for a page the adapter does not know. */
export function pageOf(url: string): { page: FbPage; pattern: string } | null {
  const { pathname } = new URL(url);
  const found = PATTERNS.find((p) => p.path.test(pathname));
  if (found) return { page: found.page, pattern: found.pattern };
  const first = pathname.split('/').filter(Boolean);
  if (first.length === 1 && first[0] && !RESERVED.has(first[0].toLowerCase())) {
    return { page: 'profile', pattern: '/<username>' };
  }
  return null;
}

const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** Whether the document is at `target` (origin, path without a trailing slash, target's query). */
export function isAt(docUrl: string, target: string): boolean {
  const here = new URL(docUrl);
  const there = new URL(target, here);
  if (here.origin !== there.origin || trim(here.pathname) !== trim(there.pathname)) return false;
  for (const [key, value] of there.searchParams) if (here.searchParams.get(key) !== value) return false;
  return true;
}

/** A group's members page from its URL (`/groups/<id>` → `/groups/<id>/members/`). */
function membersOf(groupUrl: string, base: URL): string {
  const url = new URL(groupUrl, base);
  const path = trim(url.pathname);
  url.pathname = path.endsWith('/members') ? `${path}/` : `${path}/members/`;
  return url.href;
}

export function entryUrl(step: AdapterStep, base: URL): string {
  const to = (path: string) => new URL(path, base).href;
  switch (step.kind) {
    case 'friendRequest':
    case 'acceptRequest':
    case 'withdrawRequest':
    case 'visit':
    case 'follow':
    case 'message':
      return to(step.profileUrl);
    case 'joinGroup':
      return to(step.groupUrl);
    case 'likePosts':
      return to('/');
    case 'collect':
      return step.source.kind === 'group'
        ? membersOf(step.source.groupUrl, base)
        : to(`/search/people/?q=${encodeURIComponent(step.source.query)}`);
    case 'readInbox':
      return to('/messages/');
    case 'readThread':
      return to(step.threadUrl);
    case 'readFriends':
      return to('/friends/requests');
  }
}
