import { Router } from 'express';
import type { AppContext } from '../context.ts';
import { adminRoutes } from './admin-routes.ts';
import { agentRoutes } from './agent-routes.ts';
import { campaignsRoutes } from './campaigns-routes.ts';
import { collectionsRoutes } from './collections-routes.ts';
import { conversationsRoutes } from './conversations-routes.ts';
import { demoRoutes } from './demo-routes.ts';
import { executorRoutes } from './executor-routes.ts';
import { leadsRoutes } from './leads-routes.ts';
import { locatorsRoutes } from './locators-routes.ts';
import { profilesRoutes } from './profiles-routes.ts';
import { publicRoutes } from './public-routes.ts';
import { userRoutes } from './user-routes.ts';

/**
 * Every /api router behind Auth.js, one line per area (auth-routes.ts and Auth.js are mounted in
 * app.ts, before these). A route file exports `(ctx) => Router` and holds one area's routes.
 */
export function apiRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(demoRoutes(ctx)); // first: its guards run before the routes a demo user may not reach
  router.use(userRoutes(ctx));
  router.use(publicRoutes(ctx));
  router.use(adminRoutes(ctx));
  router.use(conversationsRoutes(ctx));
  router.use(profilesRoutes(ctx));
  router.use(collectionsRoutes(ctx));
  router.use(leadsRoutes(ctx));
  router.use(campaignsRoutes(ctx));
  router.use(executorRoutes(ctx));
  router.use(agentRoutes(ctx));
  router.use(locatorsRoutes(ctx));
  return router;
}
