import { Router } from 'express';
import type { SandboxContext } from '../context.ts';
import { openSession } from '../state/store.ts';
import { checkpointPage, loginPage } from '../views/pages.ts';
import { field, SESSION_COOKIE, send } from './http.ts';

const safeNext = (next: string) => (next.startsWith('/') && !next.startsWith('//') ? next : '/feed');

export function authRoutes(ctx: SandboxContext): Router {
  const router = Router();
  router.get('/login', (req, res) => {
    send(ctx, res, 'Log in', loginPage(null, typeof req.query.next === 'string' ? req.query.next : '/feed'));
  });
  router.post('/login', (req, res) => {
    const account = ctx.state.accounts.get(field(req, 'login'));
    if (!account || account.password !== field(req, 'password')) {
      send(ctx, res, 'Log in', loginPage('Wrong login or password.', field(req, 'next')), 401);
      return;
    }
    if (account.suspicious) {
      send(ctx, res, 'Security check', checkpointPage(account.login));
      return;
    }
    const token = openSession(ctx.state, account);
    res.cookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', path: '/' });
    res.redirect(303, safeNext(field(req, 'next')));
  });
  router.post('/logout', (_req, res) => {
    const token = res.locals.sessionToken as string | undefined;
    if (token) ctx.state.sessions.delete(token);
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    res.redirect(303, '/login');
  });
  return router;
}
