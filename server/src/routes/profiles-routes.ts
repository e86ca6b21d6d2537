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

/** The profile fields that make its browser go out another way: a change is logged as CHANGED_PROXY. */
const PROXY_FIELDS = [
  'proxySource',
  'proxyType',
  'HTTPProxyAddress',
  'proxyLogin',
  'proxyPassword',
  'proxyTimezone',
] as const;

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
    const { organizationId } = authOf(req);
    const updated = await profiles.update(organizationId, body);
    // Logged before the answer: whoever reads the log after the answer finds the change there.
    const changed = PROXY_FIELDS.filter((field) => body[field] !== undefined);
    if (changed.length > 0) await engine.proxyChanged(organizationId, body.id, changed);
    res.json(updated);
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
