import { Router } from 'express';
import { scheduleReply } from '../behaviours/people.ts';
import type { SandboxContext } from '../context.ts';
import { nextId, thread } from '../state/store.ts';
import type { Message } from '../state/types.ts';
import { threadPage, threadsPage } from '../views/pages.ts';
import { currentAccount, field, limited, notFound, param, requireAccount, send } from './http.ts';

export function messageRoutes(ctx: SandboxContext): Router {
  const router = Router();
  router.get('/messages', requireAccount, (_req, res) => {
    const account = currentAccount(res);
    if (!account) return notFound(ctx, res);
    const last = new Map<string, Message>();
    for (const m of ctx.state.messages) if (m.accountId === account.id) last.set(m.personSlug, m);
    send(ctx, res, 'Messages', threadsPage(ctx.state.people, last));
  });
  router.get('/messages/:slug', requireAccount, (req, res) => {
    const account = currentAccount(res);
    const person = ctx.state.people.get(param(req, 'slug'));
    if (!account || !person?.hasMessageButton) return notFound(ctx, res);
    send(ctx, res, person.name, threadPage(person, thread(ctx.state, account.id, person.slug)));
  });
  router.post('/messages/:slug', requireAccount, (req, res) => {
    const account = currentAccount(res);
    const person = ctx.state.people.get(param(req, 'slug'));
    const text = field(req, 'text').trim();
    if (!account || !person?.hasMessageButton) return notFound(ctx, res);
    if (text === '') return res.redirect(303, `/messages/${person.slug}`);
    const done = limited(ctx, res, 'message', (now) => {
      ctx.state.messages.push({
        id: nextId(ctx.state),
        accountId: account.id,
        personSlug: person.slug,
        from: 'account',
        text,
        at: now,
      });
      scheduleReply(ctx, account.id, person.slug, now);
    });
    if (done) res.redirect(303, `/messages/${person.slug}`);
  });
  return router;
}
