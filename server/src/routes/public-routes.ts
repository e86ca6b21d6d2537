import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { DOWNLOAD_ITEMS } from '@reachly/shared/constants';
import { downloadAppQuerySchema, emitBodySchema, summaryBodySchema } from '@reachly/shared/schemas';
import { type Request, Router } from 'express';
import type { AppContext } from '../context.ts';
import { badRequest, forbidden, notFound } from '../errors.ts';
import { jsonBody } from '../http/json-body.ts';
import { parse } from '../http/validate.ts';
import { CLIENT_EVENT_TYPE_LIST, isClientEventType, recordClientEvent } from '../services/client-events.ts';
import { countVisitOnce, PUBLIC_VISIT_COUNTER_KEYS, visitorId } from '../services/visits.ts';

/**
 * Routes of the public site, open to visitors: GET /api/downloadApp,
 * POST /api/summary, POST /api/emit.
 */
export function publicRoutes({ db, config, auth }: AppContext): Router {
  const router = Router();
  const releases = path.resolve(config.RELEASES_DIR);

  router.get('/downloadApp', (req, res, next) => {
    const { os } = parse(downloadAppQuerySchema, req.query);
    const { fileName } = DOWNLOAD_ITEMS[os];
    const file = path.join(releases, fileName);
    if (!existsSync(file) || !statSync(file).isFile()) throw notFound(`${fileName} is not available yet.`);
    // res.download sets Content-Disposition (attachment; filename) and Content-Length, and streams.
    res.download(file, fileName, { dotfiles: 'deny', headers: { 'Cache-Control': 'no-store' } }, (error) => {
      if (error && !res.headersSent) next(error);
    });
  });

  const visitor = (req: Request) => visitorId(config.AUTH_SECRET, req.ip, req.get('user-agent'));

  // Counted once per visitor, key and day; the server's own counters are not a visitor's to raise.
  router.post('/summary', ...jsonBody('1kb'), async (req, res) => {
    const { key } = parse(summaryBodySchema, req.body);
    if (!PUBLIC_VISIT_COUNTER_KEYS.includes(key)) throw forbidden(`${key} is counted by the server only.`);
    await countVisitOnce(db, key, visitor(req));
    res.json({ ok: true });
  });

  // Stored once per visitor, type and day, for the page's own event types only.
  router.post('/emit', auth.optionalAuth, ...jsonBody('32kb'), async (req, res) => {
    const body = parse(emitBodySchema, req.body);
    if (!isClientEventType(body.type)) {
      const message = `type must be one of ${CLIENT_EVENT_TYPE_LIST.join(', ')}`;
      throw badRequest(message, [{ path: ['type'], code: 'invalid_value', message }]);
    }
    await recordClientEvent(db, body, req.auth, visitor(req));
    res.json({ ok: true });
  });

  return router;
}
