import express, { type NextFunction, type Request, type Response, Router } from 'express';
import { sendIncomingRequests } from '../behaviours/people.ts';
import type { LimitRule } from '../behaviours/rate-limit.ts';
import { pendingOutgoing } from '../behaviours/requests.ts';
import type { SandboxContext } from '../context.ts';
import { REPLY_SCRIPTS, type ReplyScript } from '../seed.ts';
import { nextId, received } from '../state/store.ts';
import { ACTION_KINDS, type ActionKind } from '../state/types.ts';
import { param } from './http.ts';

/** True for IPv4 127.0.0.0/8 (also IPv4-mapped) and IPv6 ::1. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return /^127(\.\d{1,3}){3}$/.test(v4) || address === '::1' || address === '0:0:0:0:0:0:0:1';
}

class BadRequest extends Error {}

function fail(message: string): never {
  throw new BadRequest(message);
}

const body = (req: Request) => (req.body ?? {}) as Record<string, unknown>;
const isDelay = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

function loopbackOnly(req: Request, res: Response, next: NextFunction) {
  if (isLoopback(req.socket.remoteAddress)) return next();
  res
    .status(403)
    .json({ error: { code: 'LOOPBACK_ONLY', message: 'The admin API answers loopback callers only.' } });
}

/** The JSON admin API at /admin (loopback only): accounts, behaviours, reports, layout, clock, limits, reset. */
export function adminRoutes(ctx: SandboxContext): Router {
  const router = Router();
  router.use(loopbackOnly, express.json());
  router.get('/people', (_req, res) => {
    res.json(
      [...ctx.state.people.values()].map((p) => ({
        slug: p.slug,
        name: p.name,
        url: `/people/${p.slug}`,
        hasMessageButton: p.hasMessageButton,
        sendsRequests: p.sendsRequests,
        behaviour: p.behaviour,
      })),
    );
  });
  router.get('/groups', (_req, res) => res.json([...ctx.state.groups.values()]));
  router.get('/posts', (_req, res) => res.json(ctx.state.posts));
  router.get('/accounts', (_req, res) => {
    res.json(
      [...ctx.state.accounts.values()].map(({ password: _, ...a }) => ({
        ...a,
        pendingRequests: pendingOutgoing(ctx.state, a.id),
        restrictions: ctx.state.restrictions
          .filter((r) => r.accountId === a.id)
          .map(({ accountId: _id, ...r }) => r),
      })),
    );
  });
  router.post('/accounts', (req, res) => {
    const { login, password, name, suspicious } = body(req);
    if (typeof login !== 'string' || login === '' || typeof password !== 'string' || password === '') {
      fail('login and password are required strings');
    }
    if (ctx.state.accounts.has(login)) {
      res.status(409).json({ error: { code: 'EXISTS', message: `account ${login} exists` } });
      return;
    }
    const account = {
      id: nextId(ctx.state),
      login,
      password,
      name: typeof name === 'string' && name !== '' ? name : login,
      suspicious: suspicious === true,
    };
    ctx.state.accounts.set(login, account);
    sendIncomingRequests(ctx, account);
    res.status(201).json({ id: account.id, login, name: account.name, suspicious: account.suspicious });
  });
  router.patch('/accounts/:login', (req, res) => {
    const account = ctx.state.accounts.get(param(req, 'login'));
    if (!account)
      return void res.status(404).json({ error: { code: 'NOT_FOUND', message: 'no such account' } });
    const { suspicious } = body(req);
    if (typeof suspicious !== 'boolean') fail('suspicious must be a boolean');
    account.suspicious = suspicious;
    res.json({ id: account.id, login: account.login, suspicious });
  });
  router.put('/people/:slug/behaviour', (req, res) => {
    const person = ctx.state.people.get(param(req, 'slug'));
    if (!person)
      return void res.status(404).json({ error: { code: 'NOT_FOUND', message: 'no such person' } });
    const { acceptAfterMs, reply, replyAfterMs } = body(req);
    if (acceptAfterMs !== undefined && acceptAfterMs !== null && !isDelay(acceptAfterMs)) {
      fail('acceptAfterMs must be a delay in ms or null (never)');
    }
    if (reply !== undefined && reply !== null && !REPLY_SCRIPTS.includes(reply as ReplyScript)) {
      fail(`reply must be one of ${REPLY_SCRIPTS.join(', ')} or null (never)`);
    }
    if (replyAfterMs !== undefined && !isDelay(replyAfterMs)) fail('replyAfterMs must be a delay in ms');
    const b = person.behaviour;
    if (acceptAfterMs !== undefined) b.acceptAfterMs = acceptAfterMs as number | null;
    if (reply !== undefined) b.reply = reply as ReplyScript | null;
    if (replyAfterMs !== undefined) b.replyAfterMs = replyAfterMs as number;
    res.json(b);
  });
  router.get('/received', (_req, res) => {
    res.json(
      Object.fromEntries([...ctx.state.people.keys()].map((slug) => [slug, received(ctx.state, slug)])),
    );
  });
  router.get('/received/:slug', (req, res) => {
    const slug = param(req, 'slug');
    if (!ctx.state.people.has(slug))
      return void res.status(404).json({ error: { code: 'NOT_FOUND', message: 'no such person' } });
    res.json(received(ctx.state, slug));
  });
  router.put('/layout', (req, res) => {
    const { layout } = body(req);
    if (layout !== 'v1' && layout !== 'v2') fail('layout must be v1 or v2');
    ctx.state.layout = layout;
    res.json({ layout });
  });
  router.get('/clock', (_req, res) => res.json(clockJson(ctx)));
  router.put('/clock', (req, res) => {
    const { speed, advanceMs } = body(req);
    if (speed !== undefined && !(typeof speed === 'number' && speed > 0 && Number.isFinite(speed)))
      fail('speed must be > 0');
    if (advanceMs !== undefined && !isDelay(advanceMs)) fail('advanceMs must be a delay in ms');
    if (typeof speed === 'number') ctx.clock.setSpeed(speed);
    if (typeof advanceMs === 'number') ctx.clock.advance(advanceMs);
    ctx.scheduler.runDue();
    res.json(clockJson(ctx));
  });
  router.get('/limits', (_req, res) => res.json(ctx.limiter.rules()));
  router.put('/limits', (req, res) => {
    for (const [kind, rule] of Object.entries(body(req))) {
      if (!ACTION_KINDS.includes(kind as ActionKind)) fail(`unknown action ${kind}`);
      const r = rule as Partial<LimitRule> | null;
      if (!r || !isDelay(r.max) || !isDelay(r.windowMs) || !isDelay(r.blockMs))
        fail('a limit needs max, windowMs, blockMs');
      ctx.limiter.setRule(kind as ActionKind, { max: r.max, windowMs: r.windowMs, blockMs: r.blockMs });
    }
    res.json(ctx.limiter.rules());
  });
  router.get('/pending-limit', (_req, res) => res.json({ max: ctx.limiter.pendingLimit() }));
  router.put('/pending-limit', (req, res) => {
    const { max } = body(req);
    if (!(typeof max === 'number' && Number.isInteger(max) && max >= 1))
      fail('max must be a whole number ≥ 1');
    ctx.limiter.setPendingLimit(max);
    res.json({ max });
  });
  router.post('/reset', (_req, res) => {
    ctx.reset();
    res.json({ ok: true });
  });
  router.use((err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (err instanceof BadRequest)
      return void res.status(400).json({ error: { code: 'BAD_REQUEST', message: err.message } });
    if (err instanceof SyntaxError)
      return void res.status(400).json({ error: { code: 'BAD_JSON', message: 'invalid JSON' } });
    next(err);
  });
  router.use(
    (_req, res) =>
      void res.status(404).json({ error: { code: 'NOT_FOUND', message: 'unknown admin route' } }),
  );
  return router;
}

function clockJson(ctx: SandboxContext) {
  const now = ctx.clock.now();
  return { now, iso: new Date(now).toISOString(), speed: ctx.clock.speed() };
}
