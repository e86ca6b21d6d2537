import { type Contract, contract } from '@reachly/shared/contract';
import { Router } from 'express';
import type { AppContext } from '../context.ts';
import { endpointsRouter, type Handlers } from '../http/endpoints.ts';
import { adminHandlers } from './admin-routes.ts';
import { agentHandlers } from './agent-routes.ts';
import { authHandlers } from './auth-routes.ts';
import { campaignsHandlers } from './campaigns-routes.ts';
import { collectionsHandlers } from './collections-routes.ts';
import { conversationsHandlers } from './conversations-routes.ts';
import { demoGuards, demoHandlers } from './demo-routes.ts';
import { doNotContactHandlers } from './do-not-contact-routes.ts';
import { executorHandlers } from './executor-routes.ts';
import { exportsHandlers } from './exports-routes.ts';
import { inboxHandlers } from './inbox-routes.ts';
import { leadsHandlers } from './leads-routes.ts';
import { locatorsHandlers } from './locators-routes.ts';
import { profilesHandlers } from './profiles-routes.ts';
import { publicHandlers } from './public-routes.ts';
import { reportsHandlers } from './reports-routes.ts';
import { teamHandlers } from './team-routes.ts';
import { userHandlers } from './user-routes.ts';
import { webhooksHandlers } from './webhooks-routes.ts';

/** The server's handler of every endpoint of the contract, one file per area (the compiler checks none is missing). */
function apiHandlers(ctx: AppContext): Handlers<Contract> {
  return {
    auth: authHandlers(ctx),
    user: userHandlers(ctx),
    public: publicHandlers(ctx),
    admin: adminHandlers(ctx),
    demo: demoHandlers(ctx),
    collections: collectionsHandlers(ctx),
    leads: leadsHandlers(ctx),
    conversations: conversationsHandlers(ctx),
    inbox: inboxHandlers(ctx),
    profiles: profilesHandlers(ctx),
    campaigns: campaignsHandlers(ctx),
    executor: executorHandlers(ctx),
    agent: agentHandlers(ctx),
    locators: locatorsHandlers(ctx),
    team: teamHandlers(ctx),
    doNotContact: doNotContactHandlers(ctx),
    exports: exportsHandlers(ctx),
    reports: reportsHandlers(ctx),
    webhooks: webhooksHandlers(ctx),
  };
}

/** Every /api route of the contract (mounted at /api before Auth.js, which answers the rest of /api/auth). */
export function apiRoutes(ctx: AppContext): Router {
  // The demo's guards first (demo-routes.ts), then the contract's routes.
  return Router().use(
    demoGuards(ctx),
    endpointsRouter(contract, apiHandlers(ctx), {
      requireAuth: ctx.auth.requireAuth,
      optionalAuth: ctx.auth.optionalAuth,
      adminToken: ctx.config.ADMIN_TOKEN,
      limits: { auth: ctx.config.AUTH_RATE_LIMIT, public: ctx.config.PUBLIC_RATE_LIMIT },
      checkAnswers: ctx.config.CHECK_ANSWERS,
      announce: (organizationId, areas, origin) =>
        ctx.realtime.emit(organizationId, 'data-changed', { areas: [...areas], origin }),
    }),
  );
}
