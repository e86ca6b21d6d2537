import { Router } from 'express';
import type { SandboxContext } from '../context.ts';
import type { Person, Post } from '../seed.ts';
import type { Account } from '../state/types.ts';
import { groupPage, groupsPage, postList } from '../views/pages.ts';
import { currentAccount, limited, notFound, param, requireAccount, send } from './http.ts';

function posts(ctx: SandboxContext, account: Account, list: Post[]) {
  return postList(list, ctx.state.people, (id) => {
    const likes = ctx.state.likes.filter((l) => l.postId === id);
    return { count: likes.length, mine: likes.some((l) => l.accountId === account.id) };
  });
}

export function groupRoutes(ctx: SandboxContext): Router {
  const router = Router();
  router.get('/', (_req, res) => res.redirect(303, currentAccount(res) ? '/feed' : '/login'));
  router.get('/feed', requireAccount, (_req, res) => {
    const account = currentAccount(res);
    if (!account) return notFound(ctx, res);
    send(ctx, res, 'Feed', posts(ctx, account, ctx.state.posts));
  });
  router.post('/posts/:id/like', requireAccount, (req, res) => {
    const account = currentAccount(res);
    const post = ctx.state.posts.find((p) => p.id === Number(param(req, 'id')));
    if (!account || !post) return notFound(ctx, res);
    const back = post.groupSlug ? `/groups/${post.groupSlug}` : '/feed';
    if (ctx.state.likes.some((l) => l.postId === post.id && l.accountId === account.id))
      return res.redirect(303, back);
    const done = limited(ctx, res, 'like', (now) => {
      ctx.state.likes.push({ postId: post.id, accountId: account.id, at: now });
    });
    if (done) res.redirect(303, back);
  });
  router.get('/groups', requireAccount, (_req, res) => {
    send(ctx, res, 'Groups', groupsPage([...ctx.state.groups.values()]));
  });
  router.get('/groups/:slug', requireAccount, (req, res) => {
    const account = currentAccount(res);
    const group = ctx.state.groups.get(param(req, 'slug'));
    if (!account || !group) return notFound(ctx, res);
    const members = group.memberSlugs.map((s) => ctx.state.people.get(s)).filter((p): p is Person => !!p);
    const joined = ctx.state.joins.some((j) => j.groupSlug === group.slug && j.accountId === account.id);
    const groupPosts = posts(
      ctx,
      account,
      ctx.state.posts.filter((p) => p.groupSlug === group.slug),
    );
    send(ctx, res, group.name, groupPage(group, members, joined, groupPosts));
  });
  router.post('/groups/:slug/join', requireAccount, (req, res) => {
    const account = currentAccount(res);
    const group = ctx.state.groups.get(param(req, 'slug'));
    if (!account || !group) return notFound(ctx, res);
    if (ctx.state.joins.some((j) => j.groupSlug === group.slug && j.accountId === account.id)) {
      return res.redirect(303, `/groups/${group.slug}`);
    }
    const done = limited(ctx, res, 'join', (now) => {
      ctx.state.joins.push({ groupSlug: group.slug, accountId: account.id, at: now });
    });
    if (done) res.redirect(303, `/groups/${group.slug}`);
  });
  return router;
}
