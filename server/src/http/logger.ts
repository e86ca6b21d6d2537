import { type DestinationStream, type Logger, type LoggerOptions, pino } from 'pino';

/** What stands in for a secret in every log line. */
const REDACTED = '[redacted]';

/**
 * Keys whose values are secrets wherever they appear in a logged object (headers, bodies, errors):
 * tokens, passwords, cookies and proxy credentials. pino's redact matches one level of wildcard, so
 * the common nestings are listed.
 */
const SECRET_KEYS = [
  'authorization',
  'cookie',
  'set-cookie',
  'token',
  'accessToken',
  'access_token',
  'refreshToken',
  'sessionToken',
  'csrfToken',
  'password',
  'password_hash',
  'newPassword',
  'currentPassword',
  'proxyPassword',
  'proxy_password',
  'proxyUrl',
  'secret',
  'apiKey',
];

const REDACT_PATHS = [
  ...SECRET_KEYS.flatMap((key) => {
    const k = `["${key}"]`;
    return [k, `*${k}`, `*.*${k}`, `req.headers${k}`, `res.headers${k}`, `req.query${k}`, `req.body${k}`];
  }),
  'proxy.password',
  '*.proxy.password',
];

/** pino options shared by the server's logger and any logger a test builds. */
function loggerOptions(level: LoggerOptions['level'] = 'info'): LoggerOptions {
  return { level, redact: { paths: REDACT_PATHS, censor: REDACTED } };
}

/**
 * The server's logger. The destination is written asynchronously (a buffer flushed in the
 * background), so logging never holds up a request under load.
 */
export function createLogger(level: LoggerOptions['level'], destination?: DestinationStream): Logger {
  return pino(loggerOptions(level), destination ?? pino.destination({ sync: false }));
}

/** Drops the query string's values of secret-looking names from a logged URL. */
function redactUrl(url: string | undefined): string | undefined {
  if (!url?.includes('?')) return url;
  const [path, query] = url.split('?', 2) as [string, string];
  const params = new URLSearchParams(query);
  for (const name of [...params.keys()]) {
    if (/token|password|secret|key|code|cookie|auth/i.test(name)) params.set(name, REDACTED);
  }
  return `${path}?${params.toString()}`;
}

/**
 * The request log's serializers: method, path (secret query values removed), status, address and
 * user agent only. Headers are never logged, so no cookie or Authorization value can leak whatever
 * a client sends.
 */
interface LoggedRequest {
  id?: unknown;
  method?: string;
  url?: string;
  /** Express's whole path; `url` loses a mounted router's prefix. */
  originalUrl?: string;
  remoteAddress?: string;
  socket?: { remoteAddress?: string };
  headers?: Record<string, unknown>;
}

export const requestLogSerializers = {
  req: (req: LoggedRequest) => ({
    id: req.id,
    method: req.method,
    url: redactUrl(req.originalUrl ?? req.url),
    remoteAddress: req.remoteAddress ?? req.socket?.remoteAddress,
    userAgent: req.headers?.['user-agent'],
  }),
  res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
};
