import { Router } from 'express';
import type { AppContext } from '../context.ts';
import { userRoutes } from './user-routes.ts';

/**
 * Every /api router behind Auth.js, one line per area (auth-routes.ts and Auth.js are mounted in
 * app.ts, before these). A route file exports `(ctx) => Router` and holds one area's routes.
 */
export function apiRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(userRoutes(ctx));
  return router;
}
