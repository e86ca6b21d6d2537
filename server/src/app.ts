import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ExpressAuth } from '@auth/express';
import express, { type Express, Router } from 'express';
import helmet from 'helmet';
import type { AppContext } from './context.ts';
import { apiDocsRoutes } from './http/api-docs.ts';
import { CACHE_CONTROL } from './http/cache-control.ts';
import { serveDashboard } from './http/dashboard.ts';
import { rateLimiter } from './http/endpoints.ts';
import { apiNotFound, errorMiddleware } from './http/error-middleware.ts';
import { useRequestLog } from './http/request-log.ts';
import { apiRoutes } from './routes/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_DASHBOARD_DIR = path.resolve(here, '../../dashboard/dist');

/** The Express app: the API under /api, Auth.js under /api/auth, the built dashboard at /. */
export function createApp(ctx: AppContext): Express {
  const app = express();
  app.disable('x-powered-by');
  // Auth.js builds its URLs from the request; trust a reverse proxy on this machine only.
  app.set('trust proxy', 'loopback');
  // helmet's default CSP (script only from this origin, never inline: the page shell's one inline
  // element is a style), without upgrade-insecure-requests: a self-hosted server on plain http
  // (a LAN address, a name other than localhost) would otherwise send its page's scripts to https.
  // HSTS only on an HTTPS request (behind a TLS proxy on this machine): over plain http it would
  // pin a name to an https that may not exist.
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: { upgradeInsecureRequests: null, scriptSrc: ["'self'"], scriptSrcAttr: ["'none'"] },
      },
      strictTransportSecurity: false,
    }),
  );
  app.use((req, res, next) => {
    if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  });
  // The request log: method, path, status and timing only (no header, so no token or cookie).
  useRequestLog(app, ctx.logger);

  const api = Router();
  // API answers carry private data: never stored by the browser or a proxy, so that Back after
  // sign-out shows nothing (the API reference's static files say otherwise: api-docs.ts).
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', CACHE_CONTROL.never);
    next();
  });
  // Sign-in through Auth.js counts per client address like sign-up (the contract's own routes carry
  // their rate limits: docs/decisions.md). A refusal is 429 with Retry-After.
  api.post(
    ['/auth/callback/credentials', '/auth/signin/credentials'],
    rateLimiter(15 * 60 * 1000, ctx.config.AUTH_RATE_LIMIT),
  );
  api.use(apiDocsRoutes());
  // The contract's routes come before Auth.js, which answers everything else under /auth.
  api.use(apiRoutes(ctx));
  api.use('/auth', ExpressAuth(ctx.authConfig));
  api.use(apiNotFound);
  app.use('/api', api);

  serveDashboard(app, ctx.config.DASHBOARD_DIR ?? DEFAULT_DASHBOARD_DIR);
  app.use(errorMiddleware);
  return app;
}
