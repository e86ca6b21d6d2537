import { randomBytes } from 'node:crypto';
import type { Person, Post } from '../seed.ts';
import type { Account } from '../state/types.ts';
import { Html, html } from '../views/html.ts';
import { CLIENT_SCRIPT } from './client.ts';
import type { FbLabels } from './labels.ts';

/** Class names made anew for every page load, as the real site's generated ones rotate. */
export function classNames(): () => string {
  const seed = randomBytes(4).toString('hex');
  let n = 0;
  return () => {
    n += 1;
    return `x${seed.slice(0, 3)}${n.toString(36)} x${randomBytes(3).toString('hex')}`;
  };
}
export type Cls = ReturnType<typeof classNames>;

export interface FbPage {
  lang: string;
  title: string;
  account: Account | undefined;
  labels: FbLabels;
  body: Html;
  c: Cls;
}

export function fbPage(o: FbPage): string {
  const c = o.c;
  const cfg = JSON.stringify({ labels: o.labels }).replace(/</g, '\\u003c');
  return html`<!doctype html>
<html lang="${o.lang}" class="${c()}"><head><meta charset="utf-8"><title>${o.title} | Facebook</title>
<meta property="og:site_name" content="Facebook"><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body class="${c()}"><div class="${c()}" id="mount_0_0_${randomBytes(2).toString('hex')}">
<div role="banner" class="${c()}"><a href="/" aria-label="Facebook" class="${c()}">facebook</a>${
    o.account
      ? html`<div role="navigation" aria-label="Account" class="${c()}"><a href="/friends/requests" class="${c()}">Friends</a> <a href="/messages/" class="${c()}">Messenger</a></div>`
      : ''
  }</div>
<div role="main" class="${c()}">${o.body}</div></div>
<script type="application/json" id="__cfg">${new Html(cfg)}</script>
<script>${new Html(CLIENT_SCRIPT)}</script>
</body></html>`.value;
}

function button(c: Cls, label: string, op: string | null, id: number | string): Html {
  return html`<div role="button" tabindex="0" aria-label="${label}" class="${c()}"${op ? new Html(` data-op="${op}"`) : ''} data-id="${String(id)}"><span class="${c()}">${label}</span></div>`;
}

/** A list the page script fills from a JSON answer of /api/graphql/. */
export function list(
  c: Cls,
  kind: string,
  query: string,
  vars: Record<string, unknown>,
  label: string,
): Html {
  return html`<div role="list" aria-label="${label}" class="${c()}" data-list="${kind}" data-query="${query}" data-vars="${JSON.stringify(vars)}"></div>`;
}

export function loginView(c: Cls, l: FbLabels, next: string, error: string | null): Html {
  return html`<form method="post" action="/login/" class="${c()}" id="login_form">
${error ? html`<div role="alert" class="${c()}">${error}</div>` : ''}
<input type="hidden" name="next" value="${next}">
<input name="email" aria-label="Email address or phone number" class="${c()}">
<input name="pass" type="password" aria-label="Password" class="${c()}">
<button type="submit" name="login" class="${c()}">${l.login}</button></form>`;
}

export function checkpointView(c: Cls, l: FbLabels): Html {
  return html`<div class="${c()}"><h1 class="${c()}">${l.checkpoint}</h1><span class="${c()}">Confirm your identity to continue.</span></div>`;
}

export type FriendState = 'none' | 'pending' | 'friends' | 'incoming';

export function profileView(
  c: Cls,
  l: FbLabels,
  p: Person,
  id: number,
  state: FriendState,
  moved: boolean,
  following = false,
): Html {
  const friend =
    state === 'none'
      ? button(c, l.addFriend, 'FriendingCometFriendRequestSendMutation', id)
      : state === 'pending'
        ? button(c, l.cancelRequest, 'FriendingCometFriendRequestCancelMutation', id)
        : state === 'friends'
          ? button(c, l.friends, null, id)
          : html`${button(c, l.confirm, 'FriendingCometFriendRequestConfirmMutation', id)}${button(c, l.deleteRequest, 'FriendingCometFriendRequestDeleteMutation', id)}`;
  const messageButton = p.hasMessageButton
    ? html`<a role="button" aria-label="${l.message}" href="/messages/t/${id}/" class="${c()}"><span class="${c()}">${l.message}</span></a>`
    : '';
  const follow = following
    ? button(c, l.following, null, id)
    : button(c, l.follow, 'CometUserFollowMutation', id);
  const actions = html`<div class="${c()}">${friend}${follow}${messageButton}</div>`;
  return html`<div class="${c()}"><h1 class="${c()}">${p.name}</h1>${moved ? '' : actions}
<div class="${c()}"><span class="${c()}">${p.headline}</span> · <span class="${c()}">${p.city}</span></div>
${moved ? html`<div class="${c()}"><div class="${c()}">${actions}</div></div>` : ''}</div>`;
}

export function feedView(c: Cls, l: FbLabels, posts: { post: Post; author: string; liked: boolean }[]): Html {
  return html`<div role="feed" class="${c()}">${posts.map(
    ({ post, author, liked }) =>
      html`<div role="article" aria-label="${author}" class="${c()}"><h3 class="${c()}">${author}</h3><div class="${c()}">${post.text}</div>
${liked ? button(c, l.removeLike, 'CometUFOReactionsUnlikeMutation', post.id) : button(c, l.like, 'CometUFOReactionsLikeMutation', post.id)}</div>`,
  )}</div>`;
}

export function groupView(c: Cls, l: FbLabels, name: string, id: number, joined: boolean): Html {
  return html`<div class="${c()}"><h1 class="${c()}">${name}</h1>${
    joined ? button(c, l.joined, null, id) : button(c, l.joinGroup, 'GroupCometJoinForumMutation', id)
  }<a href="/groups/${id}/members/" class="${c()}">Members</a></div>`;
}

/** A thread: its header links to the other side's page (as the site's does), then the messages. */
export function threadView(c: Cls, l: FbLabels, person: Person, id: number): Html {
  return html`<h2 class="${c()}"><a role="link" href="/${person.slug}/" class="${c()}">${person.name}</a></h2>
<div role="log" aria-label="${l.log} ${person.name}" class="${c()}" data-list="thread" data-query="MessengerThreadQuery" data-vars="${JSON.stringify({ id: String(id) })}"></div>
<div class="${c()}" data-compose data-id="${id}"><div role="textbox" contenteditable="true" aria-label="${l.composer}" class="${c()}"></div>
${button(c, l.send, 'send', id)}</div>`;
}
