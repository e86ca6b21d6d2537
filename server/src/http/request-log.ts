import type { Express as App } from 'express';
import type { Logger } from 'pino';
import { requestLogSerializers } from './logger.ts';

declare global {
  namespace Express {
    interface Request {
      /** This request's number in the server's life (in its log lines). */
      id: number;
      /** The server's logger with this request (method, path, id) bound to it. */
      log: Logger;
    }
  }
}

const requestLogger = Symbol('requestLogger');
type WithLogger = App['request'] & { [requestLogger]?: Logger };

/**
 * The request log: one line per /api request when its answer has gone (method, path, status,
 * time taken; requestLogSerializers leave out every header), at `info`, or `error` for a 5xx. It
 * takes the place of pino-http, which made a child logger, serializers and redaction included, for
 * every request whatever the level: at the default `warn` that cost about 40 % of a small answer's
 * requests/s (docs/decisions.md, Server). `req.log` is made only when a handler logs.
 */
export function useRequestLog(app: App, logger: Logger): void {
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: WithLogger): Logger {
      this[requestLogger] ??= logger.child({ req: requestLogSerializers.req(this) });
      return this[requestLogger];
    },
  });
  let lastId = 0;
  app.use((req, res, next) => {
    lastId += 1;
    req.id = lastId;
    if (!req.url.startsWith('/api')) return next();
    const started = performance.now();
    res.once('finish', () => {
      const failed = res.statusCode >= 500;
      if (!logger.isLevelEnabled(failed ? 'error' : 'info')) return;
      const line = {
        req: requestLogSerializers.req(req),
        res: requestLogSerializers.res(res),
        responseTime: Math.round(performance.now() - started),
      };
      if (failed) logger.error(line, 'request errored');
      else logger.info(line, 'request completed');
    });
    next();
  });
}
