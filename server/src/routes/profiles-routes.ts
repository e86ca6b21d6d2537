import {
  createProfileBodySchema,
  deleteProfileQuerySchema,
  idParamsSchema,
  profilesQuerySchema,
  updateProfileBodySchema,
} from '@reachly/shared/schemas';
import { Router } from 'express';
import { authOf } from '../auth/authenticate.ts';
import type { AppContext } from '../context.ts';
import { jsonBody } from '../http/json-body.ts';
import { parse } from '../http/validate.ts';

/** Connected profiles: GET, POST, PATCH and DELETE /api/profiles (spec §7). */
export function profilesRoutes({ auth, profiles, engine }: AppContext): Router {
  const router = Router();

  router.get('/profiles', auth.requireAuth, async (req, res) => {
    const query = parse(profilesQuerySchema, req.query);
    res.json(await profiles.list(authOf(req).tenant, query));
  });

  router.post('/profiles', auth.requireAuth, ...jsonBody('8kb'), async (req, res) => {
    const body = parse(createProfileBodySchema, req.body);
    res.status(201).json(await profiles.create(authOf(req).organizationId, body));
  });

  router.patch('/profiles', auth.requireAuth, ...jsonBody('8kb'), async (req, res) => {
    const body = parse(updateProfileBodySchema, req.body);
    res.json(await profiles.update(authOf(req).organizationId, body));
  });

  // A person lifts a profile's pause (after a restriction) before its end.
  router.post('/profiles/:id/resume', auth.requireAuth, async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    const { organizationId, user } = authOf(req);
    await engine.liftPause(organizationId, id, user.email);
    res.json({ id, pausedUntil: null });
  });

  router.delete('/profiles', auth.requireAuth, async (req, res) => {
    const { id } = parse(deleteProfileQuerySchema, req.query);
    res.json(await profiles.remove(authOf(req).tenant, id));
  });

  return router;
}
