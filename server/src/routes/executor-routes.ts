import {
  claimTaskBodySchema,
  executorEventsBodySchema,
  idParamsSchema,
  taskOutcomeBodySchema,
  taskStartedBodySchema,
} from '@reachly/shared/schemas';
import { Router } from 'express';
import { authOf } from '../auth/authenticate.ts';
import type { AppContext } from '../context.ts';
import { jsonBody } from '../http/json-body.ts';
import { parse } from '../http/validate.ts';

/**
 * The task protocol for executors (shared/src/schemas/executor.ts, DESIGN.md §4), authenticated by
 * the user's access token like every API call; every call names the profile it works for, and the
 * engine checks that the profile is the organisation's and that a task is that profile's.
 */
export function executorRoutes({ auth, engine }: AppContext): Router {
  const router = Router();

  router.post('/executor/claim', auth.requireAuth, ...jsonBody('4kb'), async (req, res) => {
    const { profileId } = parse(claimTaskBodySchema, req.body);
    res.json(await engine.claim(authOf(req).organizationId, profileId));
  });

  router.post('/executor/tasks/:id/started', auth.requireAuth, ...jsonBody('4kb'), async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    const body = parse(taskStartedBodySchema, req.body);
    res.json(await engine.started(authOf(req).organizationId, id, body));
  });

  router.post('/executor/tasks/:id/outcome', auth.requireAuth, ...jsonBody('4mb'), async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    const body = parse(taskOutcomeBodySchema, req.body);
    res.json(await engine.outcome(authOf(req).organizationId, id, body));
  });

  router.post('/executor/events', auth.requireAuth, ...jsonBody('1mb'), async (req, res) => {
    const body = parse(executorEventsBodySchema, req.body);
    res.json(await engine.report(authOf(req).organizationId, body));
  });

  return router;
}
