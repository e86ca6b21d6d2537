import { CAMPAIGN_COMMANDS } from '@reachly/shared/logic';
import {
  campaignLogsQuerySchema,
  createCampaignBodySchema,
  idParamsSchema,
  previewTemplateBodySchema,
  updateCampaignBodySchema,
} from '@reachly/shared/schemas';
import { Router } from 'express';
import { authOf } from '../auth/authenticate.ts';
import type { AppContext } from '../context.ts';
import { jsonBody } from '../http/json-body.ts';
import { parse } from '../http/validate.ts';

/**
 * Campaigns (DESIGN.md §4): GET/POST /api/campaigns, GET/PATCH/DELETE /api/campaigns/:id,
 * POST /api/campaigns/:id/start|pause|stop, GET /api/campaigns/:id/logs, /stats, /funnel and
 * /profiles (the run view), and
 * POST /api/campaigns/preview-template.
 */
export function campaignsRoutes({ auth, campaigns, clock }: AppContext): Router {
  const router = Router();

  router.get('/campaigns', auth.requireAuth, async (req, res) => {
    res.json(await campaigns.list(authOf(req).tenant));
  });

  router.post('/campaigns', auth.requireAuth, ...jsonBody('64kb'), async (req, res) => {
    const body = parse(createCampaignBodySchema, req.body);
    res.status(201).json(await campaigns.create(authOf(req).organizationId, body));
  });

  router.post('/campaigns/preview-template', auth.requireAuth, ...jsonBody('16kb'), async (req, res) => {
    res.json(campaigns.preview(parse(previewTemplateBodySchema, req.body)));
  });

  router.get('/campaigns/:id', auth.requireAuth, async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    res.json(await campaigns.get(authOf(req).tenant, id));
  });

  router.patch('/campaigns/:id', auth.requireAuth, ...jsonBody('64kb'), async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    const body = parse(updateCampaignBodySchema, req.body);
    res.json(await campaigns.update(authOf(req).organizationId, id, body));
  });

  router.delete('/campaigns/:id', auth.requireAuth, async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    res.json(await campaigns.remove(authOf(req).tenant, id));
  });

  for (const command of CAMPAIGN_COMMANDS) {
    router.post(`/campaigns/:id/${command}`, auth.requireAuth, async (req, res) => {
      const { id } = parse(idParamsSchema, req.params);
      res.json(await campaigns.command(authOf(req).organizationId, id, command));
    });
  }

  router.get('/campaigns/:id/logs', auth.requireAuth, async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    const query = parse(campaignLogsQuerySchema, req.query);
    res.json(await campaigns.logs(authOf(req).tenant, id, query));
  });

  router.get('/campaigns/:id/stats', auth.requireAuth, async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    res.json(await campaigns.stats(authOf(req).tenant, id));
  });

  router.get('/campaigns/:id/funnel', auth.requireAuth, async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    res.json(await campaigns.funnel(authOf(req).tenant, id));
  });

  router.get('/campaigns/:id/profiles', auth.requireAuth, async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    res.json(await campaigns.profileStates(authOf(req).tenant, id, clock.now()));
  });

  return router;
}
