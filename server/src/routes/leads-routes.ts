import {
  clearLeadsQuerySchema,
  createLeadsBodySchema,
  leadsQuerySchema,
  updateLeadBodySchema,
} from '@reachly/shared/schemas';
import { Router } from 'express';
import { authOf } from '../auth/authenticate.ts';
import type { AppContext } from '../context.ts';
import { jsonBody } from '../http/json-body.ts';
import { parse } from '../http/validate.ts';

/** GET/PATCH/POST /api/leads, POST /api/leads/import, DELETE /api/leads/clear (spec §7 Leads). */
export function leadsRoutes({ auth, leads, engine }: AppContext): Router {
  const router = Router();

  router.get('/leads', auth.requireAuth, async (req, res) => {
    res.json(await leads.list(authOf(req).organizationId, parse(leadsQuerySchema, req.query)));
  });

  router.patch('/leads', auth.requireAuth, ...jsonBody('8kb'), async (req, res) => {
    const { id, isExcluded } = parse(updateLeadBodySchema, req.body);
    res.json(await leads.setExcluded(authOf(req).organizationId, id, isExcluded));
  });

  // Up to LEADS_BULK_MAX (10,000) leads with their links and names.
  router.post('/leads', auth.requireAuth, ...jsonBody('16mb'), async (req, res) => {
    const body = parse(createLeadsBodySchema, req.body);
    const { organizationId } = authOf(req);
    res.json(await leads.createMany(organizationId, body.collectionId, body.leads));
    // New leads of a collection a running campaign works: targeted and the executors woken now.
    await engine.collectionChanged(organizationId, body.collectionId);
  });

  router.post('/leads/import', auth.requireAuth, leads.importUpload.middleware, async (req, res) => {
    res.json(await leads.importUpload.commit(req));
    await engine.collectionChanged(authOf(req).organizationId, null);
  });

  router.delete('/leads/clear', auth.requireAuth, async (req, res) => {
    const { collectionId } = parse(clearLeadsQuerySchema, req.query);
    res.json(await leads.clear(authOf(req).organizationId, collectionId));
  });

  return router;
}
