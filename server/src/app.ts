import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ExpressAuth } from '@auth/express';
import express, { type Express, Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import type { AppContext } from './context.ts';
import { tooManyRequests } from './errors.ts';
import { apiNotFound, errorMiddleware } from './http/error-middleware.ts';
import { authRoutes } from './routes/auth-routes.ts';
import { apiRoutes } from './routes/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_DASHBOARD_DIR = path.resolve(here, '../../dashboard/dist');

/** The Express app: the API under /api, Auth.js under /api/auth, the built dashboard at /. */
export function createApp(ctx: AppContext): Express {
  const app = express();
  app.disable('x-powered-by');
  // Auth.js builds its URLs from the request; trust a reverse proxy on this machine only.
  app.set('trust proxy', 'loopback');
  // helmet's default CSP, without upgrade-insecure-requests: a self-hosted server on plain http
  // (a LAN address, a name other than localhost) would otherwise send its page's scripts to https.
  app.use(helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } }));
  app.use(pinoHttp({ logger: ctx.logger, autoLogging: { ignore: (req) => !req.url?.startsWith('/api') } }));

  const api = Router();
  // Separate counters for sign-up and sign-in, per client address, over 15 minutes.
  const limiter = () =>
    rateLimit({
      windowMs: 15 * 60 * 1000,
      limit: ctx.config.AUTH_RATE_LIMIT,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      handler: (_req, _res, next) => next(tooManyRequests()),
    });
  api.post('/register', limiter());
  api.post(['/auth/callback/credentials', '/auth/signin/credentials'], limiter());

  // Our /auth/_log and /register come before Auth.js, which answers everything under /auth.
  api.use(authRoutes(ctx));
  api.use('/auth', ExpressAuth(ctx.authConfig));
  api.use(apiRoutes(ctx));
  api.use(apiNotFound);
  app.use('/api', api);

  serveDashboard(app, ctx.config.DASHBOARD_DIR ?? DEFAULT_DASHBOARD_DIR);
  app.use(errorMiddleware);
  return app;
}

/** The built single-page app, with its index.html for every other GET (client-side routes). */
function serveDashboard(app: Express, dir: string): void {
  const index = path.join(dir, 'index.html');
  app.use(express.static(dir, { index: false, maxAge: '1h' }));
  app.get(/^(?!\/api\/).*/, (_req, res) => {
    if (existsSync(index)) res.sendFile(index, { maxAge: 0 });
    else
      res
        .status(503)
        .type('text')
        .send('The dashboard is not built: run `npm run build -w @reachly/dashboard`.');
  });
}
