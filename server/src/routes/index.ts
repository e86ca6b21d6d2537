import { Router } from 'express';
import type { AppContext } from '../context.ts';
import { adminRoutes } from './admin-routes.ts';
import { publicRoutes } from './public-routes.ts';
import { userRoutes } from './user-routes.ts';

/**
 * Every /api router behind Auth.js, one line per area (auth-routes.ts and Auth.js are mounted in
 * app.ts, before these). A route file exports `(ctx) => Router` and holds one area's routes.
 */
export function apiRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(userRoutes(ctx));
  router.use(publicRoutes(ctx));
  router.use(adminRoutes(ctx));
  return router;
}
