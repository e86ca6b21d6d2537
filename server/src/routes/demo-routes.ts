import type { Contract } from '@reachly/shared/contract';
import { type Request, type RequestHandler, type Response, Router } from 'express';
import { tokenFromHeader } from '../auth/authenticate.ts';
import type { AppContext } from '../context.ts';
import { demoServiceOf, isDemoToken } from '../demo/index.ts';
import { forbidden } from '../errors.ts';
import { type Handlers, rateLimiter } from '../http/endpoints.ts';

const demoCaller = (req: Request) => {
  const token = tokenFromHeader(req);
  return isDemoToken(token) ? token : null;
};

/** Refuses a demo user's request with `message`; everyone else goes on. */
const refuseDemo =
  (message: string): RequestHandler =>
  (req, _res, next) => {
    if (demoCaller(req)) throw forbidden(message);
    next();
  };

/** Runs a rate limiter inside a handler (only some calls of the route count against it). */
const passes = (limiter: RequestHandler, req: Request, res: Response) =>
  new Promise<void>((resolve, reject) => {
    void limiter(req, res, (error?: unknown) => (error ? reject(error) : resolve()));
  });

/** Demo mode (spec §2): POST /api/demo/session signs a visitor into their own demo organisation. */
export function demoHandlers(ctx: AppContext): Handlers<Contract['demo']> {
  const demo = demoServiceOf(ctx);
  // A new demo organisation counts like a sign-up, per address (the route itself like the other
  // anonymous ones, by its contract).
  const newDemo = rateLimiter(15 * 60 * 1000, ctx.config.AUTH_RATE_LIMIT);
  return {
    session: async ({ body: { visitorId }, req, res }) => {
      if (!(await demo.exists(visitorId))) await passes(newDemo, req, res);
      return demo.session(visitorId);
    },
  };
}

/**
 * What a demo user may not do (spec §2 demo mode), mounted before the contract's routes so these
 * guards run first: every request of a demo user marks it seen (the sweeper deletes a demo idle
 * for two hours); a demo user cannot change a password, reach the admin, agent or executor API (no
 * desktop app runs a demo profile), nor count in the site's figures. (It shows as the demo's one
 * email: the users service's view of a demo user, services/users/user-view.ts.)
 */
export function demoGuards(ctx: AppContext): Router {
  const demo = demoServiceOf(ctx);
  const router = Router();
  router.use((req, _res, next) => {
    const token = demoCaller(req);
    if (token) {
      demo
        .touch(token)
        .catch((error: unknown) => ctx.logger.warn({ err: error }, 'demo: last seen not written'));
    }
    next();
  });
  router.post('/user/password', refuseDemo('The demo account has no password to change.'));
  router.use(['/admin', '/agent', '/executor'], refuseDemo('The demo cannot do this.'));
  router.post(['/summary', '/emit'], (req, res, next) => {
    if (demoCaller(req)) res.json({ ok: true });
    else next();
  });
  return router;
}
