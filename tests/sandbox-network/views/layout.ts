import type { Account, Layout } from '../state/types.ts';
import { Html, html } from './html.ts';

export interface PageOptions {
  layout: Layout;
  title: string;
  account: Account | undefined;
  body: Html;
}

const NAV = [
  ['/feed', 'Feed', 'nav-feed'],
  ['/search', 'People', 'nav-search'],
  ['/friends', 'Friends', 'nav-friends'],
  ['/messages', 'Messages', 'nav-messages'],
  ['/groups', 'Groups', 'nav-groups'],
] as const;

function v1(o: PageOptions): Html {
  return html`<header class="sn-header" data-testid="header">
  <a class="sn-brand" href="/">Sandbox</a>
  ${
    o.account
      ? html`<nav class="sn-nav" data-testid="nav">${NAV.map(([href, label, id]) => html`<a class="sn-nav-link" href="${href}" data-testid="${id}">${label}</a>`)}</nav>
  <span class="sn-me" data-testid="current-account">${o.account.name}</span>
  <form method="post" action="/logout" class="sn-inline"><button type="submit" data-action="logout">Log out</button></form>`
      : html`<a href="/login" data-testid="nav-login">Log in</a>`
  }
</header>
<main class="sn-main" data-testid="main">${o.body}</main>`;
}

/** The "redesign": another structure, other class names, other attribute names. */
function v2(o: PageOptions): Html {
  const body = html`<div class="x-shell"><aside class="x-side">${
    o.account
      ? html`<ul class="x-menu">${NAV.map(([href, label]) => html`<li><a href="${href}">${label}</a></li>`)}</ul>
<div class="x-user">${o.account.name}</div>
<form method="post" action="/logout"><button type="submit" data-action="logout">Sign out</button></form>`
      : html`<a href="/login">Sign in</a>`
  }</aside><section class="x-content"><div class="x-inner">${o.body}</div></section></div>`;
  return new Html(
    body.value
      .replaceAll('data-testid="', 'data-qa="')
      .replaceAll('data-action="', 'data-qa-action="')
      .replaceAll('class="sn-', 'class="x-'),
  );
}

export function page(o: PageOptions): string {
  const inner = o.layout === 'v2' ? v2(o) : v1(o);
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${o.title} · Sandbox network</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body class="${o.layout === 'v2' ? 'x-body' : 'sn-body'}" data-layout="${o.layout}">
${inner}
</body></html>`.value;
}
