import {
  createCollectionBodySchema,
  idParamsSchema,
  renameCollectionBodySchema,
} from '@reachly/shared/schemas';
import { Router } from 'express';
import { authOf } from '../auth/authenticate.ts';
import type { AppContext } from '../context.ts';
import { jsonBody } from '../http/json-body.ts';
import { parse } from '../http/validate.ts';

/** GET/POST /api/collections (spec §7), PATCH/DELETE /api/collections/:id (rename, delete). */
export function collectionsRoutes({ auth, collections }: AppContext): Router {
  const router = Router();

  router.get('/collections', auth.requireAuth, async (req, res) => {
    res.json(await collections.list(authOf(req).organizationId));
  });

  router.post('/collections', auth.requireAuth, ...jsonBody('8kb'), async (req, res) => {
    const { name } = parse(createCollectionBodySchema, req.body);
    res.status(201).json(await collections.create(authOf(req).organizationId, name));
  });

  router.patch('/collections/:id', auth.requireAuth, ...jsonBody('8kb'), async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    const { name } = parse(renameCollectionBodySchema, req.body);
    res.json(await collections.rename(authOf(req).organizationId, id, name));
  });

  router.delete('/collections/:id', auth.requireAuth, async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    res.json(await collections.remove(authOf(req).organizationId, id));
  });

  return router;
}
