import type { NextFunction, Request, Response } from 'express';
import { checkAction } from '../behaviours/requests.ts';
import type { SandboxContext } from '../context.ts';
import { accountById } from '../state/store.ts';
import type { Account, ActionKind } from '../state/types.ts';
import type { Html } from '../views/html.ts';
import { page } from '../views/layout.ts';
import { blockedPage, notFoundPage, warningPage } from '../views/pages.ts';

export const SESSION_COOKIE = 'sn_session';

export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim()] = decodeURIComponent(part.slice(eq + 1).trim());
  }
  return out;
}

export function currentAccount(res: Response): Account | undefined {
  return res.locals.account as Account | undefined;
}

/** Runs the scripted events that are due by network time (before every request, admin ones too). */
export function runDue(ctx: SandboxContext) {
  return (_req: Request, _res: Response, next: NextFunction) => {
    ctx.scheduler.runDue();
    next();
  };
}

/** Reads the session cookie into `res.locals.account`. */
export function session(ctx: SandboxContext) {
  return (req: Request, res: Response, next: NextFunction) => {
    const token = parseCookies(req.headers.cookie)[SESSION_COOKIE];
    const id = token ? ctx.state.sessions.get(token) : undefined;
    res.locals.account = id === undefined ? undefined : accountById(ctx.state, id);
    res.locals.sessionToken = token;
    next();
  };
}

export function requireAccount(req: Request, res: Response, next: NextFunction) {
  if (currentAccount(res)) return next();
  res.redirect(303, `/login?next=${encodeURIComponent(req.originalUrl)}`);
}

export function send(ctx: SandboxContext, res: Response, title: string, body: Html, status = 200) {
  res
    .status(status)
    .type('html')
    .send(page({ layout: ctx.state.layout, title, account: currentAccount(res), body }));
}

export function notFound(ctx: SandboxContext, res: Response) {
  send(ctx, res, 'Not found', notFoundPage(), 404);
}

/** A rate-limited action: performs it, or answers the network's warning or block page (429). */
export function limited(
  ctx: SandboxContext,
  res: Response,
  kind: ActionKind,
  perform: (now: number) => void,
): boolean {
  const account = currentAccount(res);
  if (!account) throw new Error('limited() needs a signed-in account');
  const now = ctx.clock.now();
  const verdict = checkAction(ctx, account.id, kind, now);
  if (verdict.kind === 'warning') {
    send(ctx, res, 'Slow down', warningPage(kind), 429);
    return false;
  }
  if (verdict.kind === 'blocked') {
    send(ctx, res, 'Blocked', blockedPage(kind, verdict.until), 429);
    return false;
  }
  perform(now);
  return true;
}

export const param = (req: Request, name: string): string => String(req.params[name] ?? '');
export const field = (req: Request, name: string): string => {
  const body = req.body as Record<string, unknown> | undefined;
  const v = body?.[name];
  return typeof v === 'string' ? v : '';
};
