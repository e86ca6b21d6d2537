import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { DOWNLOAD_ITEMS } from '@reachly/shared/constants';
import { downloadAppQuerySchema, emitBodySchema, summaryBodySchema } from '@reachly/shared/schemas';
import { Router } from 'express';
import type { AppContext } from '../context.ts';
import { notFound } from '../errors.ts';
import { jsonBody } from '../http/json-body.ts';
import { parse } from '../http/validate.ts';
import { recordClientEvent } from '../services/client-events.ts';
import { countVisit } from '../services/visits.ts';

/**
 * Routes of the public site, open to visitors (DESIGN.md §3): GET /api/downloadApp,
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

  router.post('/summary', ...jsonBody('1kb'), async (req, res) => {
    const { key } = parse(summaryBodySchema, req.body);
    await countVisit(db, key);
    res.json({ ok: true });
  });

  router.post('/emit', auth.optionalAuth, ...jsonBody('32kb'), async (req, res) => {
    const body = parse(emitBodySchema, req.body);
    await recordClientEvent(db, body, req.auth);
    res.json({ ok: true });
  });

  return router;
}
