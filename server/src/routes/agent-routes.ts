import {
  agentCookiesImportedBodySchema,
  agentLaunchFailedBodySchema,
  agentTrafficBodySchema,
  idParamsSchema,
  PROFILE_COOKIES_BODY_LIMIT_BYTES,
  profileCookiesBodySchema,
} from '@reachly/shared/schemas';
import { Router } from 'express';
import { authOf } from '../auth/authenticate.ts';
import type { AppContext } from '../context.ts';
import { jsonBody } from '../http/json-body.ts';
import { parse } from '../http/validate.ts';

/**
 * The desktop agent's routes (shared/src/schemas/agent.ts), authenticated by the user's access token
 * like every API call; every profile named must be the organisation's (404 otherwise). The page
 * stores a profile's cookies with PUT /api/profiles/:id/cookies; the agent fetches and imports them.
 */
export function agentRoutes({ auth, agent }: AppContext): Router {
  const router = Router();

  router.get('/agent/profiles', auth.requireAuth, async (req, res) => {
    res.json(await agent.listProfiles(authOf(req).organizationId));
  });

  router.post('/agent/traffic', auth.requireAuth, ...jsonBody('256kb'), async (req, res) => {
    const body = parse(agentTrafficBodySchema, req.body);
    res.json(await agent.reportTraffic(authOf(req).organizationId, body));
  });

  router.post('/agent/launch-failed', auth.requireAuth, ...jsonBody('16kb'), async (req, res) => {
    const body = parse(agentLaunchFailedBodySchema, req.body);
    res.json(await agent.launchFailed(authOf(req).organizationId, body));
  });

  router.put(
    '/profiles/:id/cookies',
    auth.requireAuth,
    ...jsonBody(`${PROFILE_COOKIES_BODY_LIMIT_BYTES}b`),
    async (req, res) => {
      const { id } = parse(idParamsSchema, req.params);
      const body = parse(profileCookiesBodySchema, req.body);
      res.json(await agent.storeCookies(authOf(req).organizationId, id, body));
    },
  );

  router.get('/agent/profiles/:id/cookies', auth.requireAuth, async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    res.json(await agent.cookiesOf(authOf(req).organizationId, id));
  });

  router.post(
    '/agent/profiles/:id/cookies-imported',
    auth.requireAuth,
    ...jsonBody('4kb'),
    async (req, res) => {
      const { id } = parse(idParamsSchema, req.params);
      const body = parse(agentCookiesImportedBodySchema, req.body);
      res.json(await agent.cookiesImported(authOf(req).organizationId, id, body));
    },
  );

  return router;
}
