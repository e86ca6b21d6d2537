import {
  conversationsQuerySchema,
  idParamsSchema,
  updateConversationBodySchema,
} from '@reachly/shared/schemas';
import { Router } from 'express';
import { authOf } from '../auth/authenticate.ts';
import type { AppContext } from '../context.ts';
import { jsonBody } from '../http/json-body.ts';
import { parse } from '../http/validate.ts';

/** The funnel board: GET and PATCH /api/conversations, GET /api/conversations/:id (spec §7). */
export function conversationsRoutes({ auth, conversations }: AppContext): Router {
  const router = Router();

  router.get('/conversations', auth.requireAuth, async (req, res) => {
    const query = parse(conversationsQuerySchema, req.query);
    const { tenant } = authOf(req);
    res.json(
      query.mode === 'grouped'
        ? await conversations.listGrouped(tenant, query)
        : await conversations.listColumn(tenant, query),
    );
  });

  router.get('/conversations/:id', auth.requireAuth, async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    res.json(await conversations.get(authOf(req).tenant, id));
  });

  router.patch('/conversations', auth.requireAuth, ...jsonBody('8kb'), async (req, res) => {
    const body = parse(updateConversationBodySchema, req.body);
    res.json(await conversations.move(authOf(req).organizationId, body));
  });

  return router;
}
