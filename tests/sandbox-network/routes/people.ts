import { Router } from 'express';
import { scheduleAcceptance } from '../behaviours/people.ts';
import { withdrawRequest } from '../behaviours/requests.ts';
import type { SandboxContext } from '../context.ts';
import { findRequest, follow, follows, nextId } from '../state/store.ts';
import type { FriendRequest } from '../state/types.ts';
import { avatarSvg, type FriendStatus, friendsPage, personPage, searchPage } from '../views/pages.ts';
import { currentAccount, limited, notFound, param, requireAccount, send } from './http.ts';

export function peopleRoutes(ctx: SandboxContext): Router {
  const router = Router();
  router.get('/avatars/:file', (req, res) => {
    const person = ctx.state.people.get(param(req, 'file').replace(/\.svg$/, ''));
    if (!person) return notFound(ctx, res);
    res.type('image/svg+xml').send(avatarSvg(person));
  });
  router.get('/search', requireAccount, (req, res) => {
    const q = typeof req.query.q === 'string' ? req.query.q.trim() : '';
    const needle = q.toLowerCase();
    const results = [...ctx.state.people.values()].filter(
      (p) =>
        needle === '' || p.name.toLowerCase().includes(needle) || p.headline.toLowerCase().includes(needle),
    );
    send(ctx, res, 'People', searchPage(q, results));
  });
  router.get('/people/:slug', requireAccount, (req, res) => {
    const person = ctx.state.people.get(param(req, 'slug'));
    const account = currentAccount(res);
    if (!person || !account) return notFound(ctx, res);
    const request = findRequest(ctx.state, account.id, person.slug);
    const status: FriendStatus = !request
      ? 'none'
      : request.status === 'accepted'
        ? 'friends'
        : request.direction === 'incoming'
          ? 'incoming'
          : 'pending';
    ctx.state.visits.push({ accountId: account.id, personSlug: person.slug, at: ctx.clock.now() });
    send(ctx, res, person.name, personPage(person, status, follows(ctx.state, account.id, person.slug)));
  });
  router.post('/people/:slug/follow', requireAccount, (req, res) => {
    const person = ctx.state.people.get(param(req, 'slug'));
    const account = currentAccount(res);
    if (!person || !account) return notFound(ctx, res);
    follow(ctx.state, account.id, person.slug, ctx.clock.now());
    res.redirect(303, `/people/${person.slug}`);
  });
  router.post('/people/:slug/friend-request', requireAccount, (req, res) => {
    const person = ctx.state.people.get(param(req, 'slug'));
    const account = currentAccount(res);
    if (!person || !account) return notFound(ctx, res);
    if (findRequest(ctx.state, account.id, person.slug)) return res.redirect(303, `/people/${person.slug}`);
    const done = limited(ctx, res, 'friend-request', (now) => {
      const request: FriendRequest = {
        id: nextId(ctx.state),
        accountId: account.id,
        personSlug: person.slug,
        direction: 'outgoing',
        sentAt: now,
        status: 'pending',
        acceptedAt: null,
        withdrawnAt: null,
      };
      ctx.state.requests.push(request);
      scheduleAcceptance(ctx, request);
    });
    if (done) res.redirect(303, `/people/${person.slug}`);
  });
  router.post('/people/:slug/friend-request/cancel', requireAccount, (req, res) => {
    const person = ctx.state.people.get(param(req, 'slug'));
    const account = currentAccount(res);
    if (!person || !account) return notFound(ctx, res);
    withdrawRequest(ctx.state, account.id, person.slug, ctx.clock.now());
    res.redirect(303, `/people/${person.slug}`);
  });
  router.get('/friends', requireAccount, (_req, res) => {
    const account = currentAccount(res);
    if (!account) return notFound(ctx, res);
    const mine = ctx.state.requests.filter((r) => r.accountId === account.id);
    send(ctx, res, 'Friends', friendsPage(ctx.state.people, mine));
  });
  router.post('/friends/requests/:id/accept', requireAccount, (req, res) => {
    const account = currentAccount(res);
    const request = ctx.state.requests.find((r) => r.id === Number(param(req, 'id')));
    if (!account || !request || request.accountId !== account.id || request.direction !== 'incoming') {
      return notFound(ctx, res);
    }
    request.status = 'accepted';
    request.acceptedAt = ctx.clock.now();
    res.redirect(303, '/friends');
  });
  return router;
}
