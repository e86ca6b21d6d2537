import type { Group, Person, Post } from '../seed.ts';
import type { FriendRequest, Message } from '../state/types.ts';
import { type Html, html } from './html.ts';

export function loginPage(error: string | null, next: string): Html {
  return html`<h1 class="sn-title">Log in</h1>
${error ? html`<p class="sn-error" role="alert" data-testid="login-error">${error}</p>` : ''}
<form method="post" action="/login" class="sn-form" data-testid="login-form">
  <input type="hidden" name="next" value="${next}">
  <label>Login <input name="login" autocomplete="username" data-testid="login-input"></label>
  <label>Password <input name="password" type="password" autocomplete="current-password" data-testid="password-input"></label>
  <button type="submit" data-action="login">Log in</button>
</form>`;
}

export function checkpointPage(login: string): Html {
  return html`<section class="sn-checkpoint" data-testid="checkpoint">
<h1 class="sn-title">Security check</h1>
<p>We noticed an unusual log-in to <strong>${login}</strong>. Confirm your identity to continue.</p>
</section>`;
}

const avatarUrl = (p: Person) => `/avatars/${p.slug}.svg`;

export type FriendStatus = 'none' | 'pending' | 'friends' | 'incoming';

export function personPage(p: Person, status: FriendStatus, following = false): Html {
  const follow = following
    ? html`<span class="sn-badge" data-testid="follow-status">Following</span>`
    : html`<form method="post" action="/people/${p.slug}/follow" class="sn-inline"><button type="submit" data-action="follow">Follow</button></form>`;
  const friend =
    status === 'none'
      ? html`<form method="post" action="/people/${p.slug}/friend-request" class="sn-inline"><button type="submit" data-action="add-friend">Add friend</button></form>`
      : html`<span class="sn-badge" data-testid="friend-status" data-status="${status}">${
          { pending: 'Request sent', friends: 'Friends', incoming: 'Wants to be friends', none: '' }[status]
        }</span>${
          status === 'pending'
            ? html` <form method="post" action="/people/${p.slug}/friend-request/cancel" class="sn-inline"><button type="submit" data-action="cancel-request">Cancel request</button></form>`
            : ''
        }`;
  return html`<article class="sn-person" data-testid="person" data-slug="${p.slug}">
<img class="sn-avatar" src="${avatarUrl(p)}" alt="" width="96" height="96" data-testid="person-avatar">
<h1 class="sn-title" data-testid="person-name">${p.name}</h1>
<p class="sn-headline" data-testid="person-headline">${p.headline} · ${p.city}</p>
<div class="sn-actions">${friend}
${follow}
${p.hasMessageButton ? html`<a class="sn-button" href="/messages/${p.slug}" data-action="message">Message</a>` : ''}</div>
</article>`;
}

function personCard(p: Person): Html {
  return html`<li class="sn-card" data-testid="person-card" data-slug="${p.slug}">
<img class="sn-avatar-small" src="${avatarUrl(p)}" alt="" width="40" height="40">
<a href="/people/${p.slug}" data-testid="person-link">${p.name}</a> <span class="sn-muted">${p.headline}</span></li>`;
}

export function searchPage(q: string, results: Person[]): Html {
  return html`<h1 class="sn-title">People</h1>
<form method="get" action="/search" class="sn-form" data-testid="search-form">
  <input name="q" value="${q}" data-testid="search-input" aria-label="Search people">
  <button type="submit" data-action="search">Search</button>
</form>
<ul class="sn-list" data-testid="search-results">${results.map(personCard)}</ul>
${results.length === 0 ? html`<p data-testid="search-empty">Nobody found.</p>` : ''}`;
}

export function friendsPage(people: Map<string, Person>, requests: FriendRequest[]): Html {
  const name = (slug: string) => people.get(slug)?.name ?? slug;
  const row = (r: FriendRequest, actions: Html | string) =>
    html`<li class="sn-card" data-testid="request" data-slug="${r.personSlug}" data-status="${r.status}" data-direction="${r.direction}"><a href="/people/${r.personSlug}">${name(r.personSlug)}</a> ${actions}</li>`;
  const friends = requests.filter((r) => r.status === 'accepted');
  const outgoing = requests.filter((r) => r.status === 'pending' && r.direction === 'outgoing');
  const incoming = requests.filter((r) => r.status === 'pending' && r.direction === 'incoming');
  return html`<h1 class="sn-title">Friends</h1>
<section data-testid="friends"><h2>Friends</h2><ul class="sn-list">${friends.map((r) => row(r, ''))}</ul></section>
<section data-testid="incoming-requests"><h2>Incoming requests</h2><ul class="sn-list">${incoming.map((r) =>
    row(
      r,
      html`<form method="post" action="/friends/requests/${r.id}/accept" class="sn-inline"><button type="submit" data-action="accept-request">Accept</button></form>`,
    ),
  )}</ul></section>
<section data-testid="outgoing-requests"><h2>Sent requests</h2><ul class="sn-list">${outgoing.map((r) => row(r, ''))}</ul></section>`;
}

export function threadsPage(people: Map<string, Person>, lastBySlug: Map<string, Message>): Html {
  return html`<h1 class="sn-title">Messages</h1>
<ul class="sn-list" data-testid="threads">${[...lastBySlug].map(
    ([slug, m]) =>
      html`<li class="sn-card" data-testid="thread-link" data-slug="${slug}"><a href="/messages/${slug}">${people.get(slug)?.name ?? slug}</a> <span class="sn-muted">${m.text}</span></li>`,
  )}</ul>`;
}

export function threadPage(p: Person, messages: Message[]): Html {
  return html`<h1 class="sn-title" data-testid="thread-with">${p.name}</h1>
<ol class="sn-thread" data-testid="thread" data-slug="${p.slug}">${messages.map(
    (m) =>
      html`<li class="sn-message sn-from-${m.from === 'account' ? 'me' : 'them'}" data-testid="message" data-at="${new Date(m.at).toISOString()}" data-from="${m.from === 'account' ? 'me' : 'them'}">${m.text}</li>`,
  )}</ol>
<form method="post" action="/messages/${p.slug}" class="sn-form" data-testid="message-form">
  <textarea name="text" required aria-label="Message" data-testid="message-input"></textarea>
  <button type="submit" data-action="send-message">Send</button>
</form>`;
}

export function groupsPage(groups: Group[]): Html {
  return html`<h1 class="sn-title">Groups</h1>
<ul class="sn-list" data-testid="groups">${groups.map(
    (g) =>
      html`<li class="sn-card" data-testid="group-link" data-slug="${g.slug}"><a href="/groups/${g.slug}">${g.name}</a> <span class="sn-muted">${g.memberSlugs.length} members</span></li>`,
  )}</ul>`;
}

export function groupPage(g: Group, members: Person[], joined: boolean, posts: Html): Html {
  return html`<h1 class="sn-title" data-testid="group-name">${g.name}</h1>
${
  joined
    ? html`<span class="sn-badge" data-testid="group-joined">Member</span>`
    : html`<form method="post" action="/groups/${g.slug}/join" class="sn-inline"><button type="submit" data-action="join-group">Join</button></form>`
}
<h2>Members</h2><ul class="sn-list" data-testid="group-members">${members.map(
    (p) =>
      html`<li class="sn-card" data-testid="group-member" data-slug="${p.slug}"><a href="/people/${p.slug}">${p.name}</a></li>`,
  )}</ul>
<h2>Posts</h2>${posts}`;
}

export function postList(
  posts: Post[],
  people: Map<string, Person>,
  likes: (id: number) => { count: number; mine: boolean },
): Html {
  return html`<ul class="sn-feed" data-testid="feed">${posts.map((post) => {
    const l = likes(post.id);
    const author = people.get(post.authorSlug);
    return html`<li class="sn-post" data-testid="post" data-post-id="${post.id}">
<a href="/people/${post.authorSlug}" data-testid="post-author">${author?.name ?? post.authorSlug}</a>
<p class="sn-post-text">${post.text}</p>
<span data-testid="like-count">${l.count}</span> likes
${
  l.mine
    ? html`<span class="sn-badge" data-testid="liked">Liked</span>`
    : html`<form method="post" action="/posts/${post.id}/like" class="sn-inline"><button type="submit" data-action="like">Like</button></form>`
}</li>`;
  })}</ul>`;
}

export function warningPage(action: string): Html {
  return html`<section class="sn-notice sn-warning" role="alert" data-testid="rate-limit-warning" data-kind="${action}">
<h1 class="sn-title">Slow down</h1>
<p>You are doing this too fast. If you continue, this feature will be blocked for a while.</p></section>`;
}

export function blockedPage(action: string, until: number): Html {
  return html`<section class="sn-notice sn-blocked" role="alert" data-testid="action-blocked" data-kind="${action}" data-until="${new Date(until).toISOString()}">
<h1 class="sn-title">You're temporarily blocked</h1>
<p>You can't use this feature until ${new Date(until).toUTCString()}.</p></section>`;
}

export function notFoundPage(): Html {
  return html`<h1 class="sn-title" data-testid="not-found">Page not found</h1>`;
}

export function avatarSvg(p: Person): string {
  const initials = p.name
    .split(' ')
    .map((w) => w.charAt(0))
    .join('')
    .slice(0, 2);
  let hue = 0;
  for (const c of p.slug) hue = (hue * 31 + c.charCodeAt(0)) % 360;
  return html`<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" fill="hsl(${hue} 50% 45%)"/><text x="48" y="58" font-size="36" text-anchor="middle" fill="#fff" font-family="sans-serif">${initials}</text></svg>`
    .value;
}
