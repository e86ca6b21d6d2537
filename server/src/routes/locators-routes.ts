import { timingSafeEqual } from 'node:crypto';
import { diagnosticBodySchema, locatorsQuerySchema, locatorTableSchema } from '@reachly/shared/schemas';
import { type RequestHandler, Router } from 'express';
import { authOf } from '../auth/authenticate.ts';
import type { AppContext } from '../context.ts';
import { forbidden } from '../errors.ts';
import { jsonBody } from '../http/json-body.ts';
import { parse } from '../http/validate.ts';
import { createLocatorsService } from '../services/locators-service.ts';
import { ADMIN_TOKEN_HEADER, isLoopback } from './admin-routes.ts';

/**
 * The Facebook adapter's locator table (GET for executors, POST /admin/locators for the admin
 * tool's publish-locators) and the page diagnostics executors send when a locator found nothing.
 */
export function locatorsRoutes({ auth, db, realtime, config }: AppContext): Router {
  const router = Router();
  const locators = createLocatorsService({ db, realtime });
  const onlyAdmin: RequestHandler = (req, _res, next) => {
    const given = Buffer.from(req.get(ADMIN_TOKEN_HEADER) ?? '');
    const expected = Buffer.from(config.ADMIN_TOKEN);
    const same = given.length === expected.length && timingSafeEqual(given, expected);
    if (!isLoopback(req.socket.remoteAddress) || !same) {
      throw forbidden('The admin API answers only the admin tool on this machine.');
    }
    next();
  };

  router.get('/locators', auth.requireAuth, async (req, res) => {
    const { network } = parse(locatorsQuerySchema, req.query);
    res.json(await locators.current(network));
  });

  router.post('/admin/locators', onlyAdmin, ...jsonBody('1mb'), async (req, res) => {
    const { network, version } = await locators.publish(parse(locatorTableSchema, req.body));
    res
      .status(201)
      .json({ ok: true, message: `Published the ${network} locator table, version ${version}.` });
  });

  router.post('/diagnostics', auth.requireAuth, ...jsonBody('64kb'), async (req, res) => {
    const body = parse(diagnosticBodySchema, req.body);
    res.status(201).json(await locators.report(authOf(req).organizationId, body));
  });

  router.get('/diagnostics', auth.requireAuth, async (req, res) => {
    res.json({ groups: await locators.list(authOf(req).organizationId) });
  });

  return router;
}
