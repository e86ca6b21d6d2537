import express, { type Request, type Response, Router } from 'express';
import type { SandboxContext } from '../context.ts';
import { parseCookies } from '../routes/http.ts';
import { findRequest, follows, openSession } from '../state/store.ts';
import type { Account } from '../state/types.ts';
import type { Html } from '../views/html.ts';
import { html } from '../views/html.ts';
import { graphql } from './graphql.ts';
import { type FbLabels, labelsFor } from './labels.ts';
import { groupById, groupId, personById } from './state.ts';
import {
  type Cls,
  checkpointView,
  classNames,
  type FriendState,
  fbPage,
  feedView,
  groupView,
  list,
  loginView,
  profileView,
  threadView,
} from './views.ts';

const SESSION = 'xs';
/** Paths that are not a person's `/<username>`. */
const RESERVED = new Set([
  'login',
  'checkpoint',
  'friends',
  'messages',
  'groups',
  'search',
  'api',
  'admin',
  'profile.php',
]);

function langOf(ctx: SandboxContext, account: Account | undefined) {
  return (account && ctx.facebook.langs.get(account.login)) ?? 'en';
}

/** The labels `account` sees, on `slug`'s page when it is one (the roll-out is per person). */
export function labelsOf(ctx: SandboxContext, account: Account | undefined, slug: string | null): FbLabels {
  const { rollout, renames } = ctx.facebook;
  const variant = slug && rollout.slugs.has(slug) ? rollout.variant : null;
  return labelsFor(langOf(ctx, account), renames, variant === 'capitalise' ? 'capitalise' : null);
}

function accountOf(ctx: SandboxContext, req: Request): Account | undefined {
  const id = ctx.state.sessions.get(parseCookies(req.headers.cookie)[SESSION] ?? '');
  return id === undefined ? undefined : [...ctx.state.accounts.values()].find((a) => a.id === id);
}

/** The replica's pages: the public URL patterns of facebook.com over the sandbox's state. */
export function facebookRoutes(ctx: SandboxContext): Router {
  const router = Router();
  router.use(express.urlencoded({ extended: false }));
  const render = (
    res: Response,
    account: Account | undefined,
    title: string,
    body: (c: Cls, l: FbLabels) => Html,
    slug: string | null = null,
    status = 200,
  ) => {
    const c = classNames();
    const labels = labelsOf(ctx, account, slug);
    res
      .status(status)
      .type('html')
      .send(fbPage({ lang: langOf(ctx, account), title, account, labels, c, body: body(c, labels) }));
  };
  // '/login' and '/login/' alike (Express routes ignore a trailing slash).
  router.get('/login/', (req, res) => {
    const next = typeof req.query.next === 'string' ? req.query.next : '/';
    render(res, undefined, 'Log in', (c, l) => loginView(c, l, next, null));
  });
  router.post('/login/', (req, res) => {
    const { email = '', pass = '', next = '/' } = req.body as Record<string, string>;
    const account = ctx.state.accounts.get(email);
    if (!account || account.password !== pass) {
      return render(
        res,
        undefined,
        'Log in',
        (c, l) => loginView(c, l, next, 'The password that you entered is incorrect.'),
        null,
        401,
      );
    }
    res.cookie(SESSION, openSession(ctx.state, account), { httpOnly: true, sameSite: 'lax', path: '/' });
    res.cookie('c_user', String(account.id), { sameSite: 'lax', path: '/' });
    res.redirect(
      302,
      account.suspicious ? '/checkpoint/' : next.startsWith('/') && !next.startsWith('//') ? next : '/',
    );
  });
  router.get('/checkpoint/', (req, res) =>
    render(res, accountOf(ctx, req), 'Security check', (c, l) => checkpointView(c, l)),
  );
  // Everything else needs a signed-in account that is not held at a checkpoint.
  router.use((req, res, next) => {
    const account = accountOf(ctx, req);
    if (!account) return res.redirect(302, `/login/?next=${encodeURIComponent(req.originalUrl)}`);
    if (account.suspicious) return res.redirect(302, '/checkpoint/');
    res.locals.account = account;
    next();
  });
  const me = (res: Response) => res.locals.account as Account;
  router.post('/api/graphql/', (req, res) => graphql(ctx, req, res, me(res)));
  router.get('/', (_req, res) => {
    const account = me(res);
    const posts = ctx.state.posts.map((post) => ({
      post,
      author: ctx.state.people.get(post.authorSlug)?.name ?? post.authorSlug,
      liked: ctx.state.likes.some((k) => k.postId === post.id && k.accountId === account.id),
    }));
    render(res, account, 'Facebook', (c, l) => feedView(c, l, posts));
  });
  router.get('/friends/requests', (_req, res) =>
    render(
      res,
      me(res),
      'Friend requests',
      (c) => html`${list(c, 'requests', 'FriendingCometFriendRequestsRootQuery', {}, 'Friend requests')}
${list(c, 'friends', 'FriendingCometAllFriendsListQuery', {}, 'All friends')}`,
    ),
  );
  router.get(['/messages', '/messages/'], (_req, res) =>
    render(res, me(res), 'Messenger', (c) => list(c, 'threads', 'MessengerThreadlistQuery', {}, 'Chats')),
  );
  router.get(['/messages/t/:id', '/messages/t/:id/'], (req, res) => {
    const person = personById(ctx, Number(req.params.id));
    if (!person?.hasMessageButton) return notFound(res);
    render(res, me(res), person.name, (c, l) => threadView(c, l, person, Number(req.params.id)), person.slug);
  });
  router.get(['/groups/:id', '/groups/:id/'], (req, res) => {
    const account = me(res);
    const group = groupById(ctx, Number(req.params.id));
    if (!group) return notFound(res);
    const joined = ctx.state.joins.some((j) => j.groupSlug === group.slug && j.accountId === account.id);
    render(res, account, group.name, (c, l) => groupView(c, l, group.name, groupId(ctx, group.slug), joined));
  });
  router.get(['/groups/:id/members', '/groups/:id/members/'], (req, res) => {
    const group = groupById(ctx, Number(req.params.id));
    if (!group) return notFound(res);
    render(
      res,
      me(res),
      group.name,
      (c) =>
        html`<h1 class="${c()}">${group.name}</h1>${list(c, 'members', 'GroupsCometMembersPageNewMembersSectionRefetchQuery', { id: String(req.params.id) }, 'Members')}`,
    );
  });
  router.get(['/search/people', '/search/people/'], (req, res) => {
    const q = typeof req.query.q === 'string' ? req.query.q : '';
    render(res, me(res), 'Search', (c) =>
      list(c, 'search', 'SearchCometResultsPaginatedResultsQuery', { text: q }, 'Search results'),
    );
  });
  const profile = (res: Response, slug: string | undefined) => {
    const person = slug ? ctx.state.people.get(slug) : undefined;
    if (!person) return notFound(res);
    const account = me(res);
    const request = findRequest(ctx.state, account.id, person.slug);
    const state: FriendState = !request
      ? 'none'
      : request.status === 'accepted'
        ? 'friends'
        : request.direction === 'incoming'
          ? 'incoming'
          : 'pending';
    const moved = ctx.facebook.rollout.variant === 'move' && ctx.facebook.rollout.slugs.has(person.slug);
    const id = [...ctx.state.people.keys()].indexOf(person.slug) + 1;
    ctx.state.visits.push({ accountId: account.id, personSlug: person.slug, at: ctx.clock.now() });
    const following = follows(ctx.state, account.id, person.slug);
    render(
      res,
      account,
      person.name,
      (c, l) => profileView(c, l, person, id, state, moved, following),
      person.slug,
    );
  };
  router.get('/profile.php', (req, res) => profile(res, personById(ctx, Number(req.query.id))?.slug));
  router.get(['/:username', '/:username/'], (req, res, next) => {
    const name = String(req.params.username);
    if (RESERVED.has(name)) return next();
    profile(res, name);
  });
  function notFound(res: Response) {
    render(
      res,
      me(res),
      'Page not found',
      (c) => html`<h2 class="${c()}">This content isn't available right now</h2>`,
      null,
      404,
    );
  }
  router.use((_req, res) => notFound(res));
  return router;
}
