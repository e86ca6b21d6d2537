import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Express, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { CACHE_CONTROL } from './cache-control.ts';

/** The Cache-Control of a file of the build, by where it lies. */
function cacheControlOf(root: string, file: string): string {
  const relative = path.relative(root, file);
  if (relative.startsWith(`assets${path.sep}`)) return CACHE_CONTROL.hashed;
  if (/^index\.html(\.br|\.gz)?$/.test(relative)) return CACHE_CONTROL.never;
  return CACHE_CONTROL.short;
}

function notFound(res: Response): void {
  res.status(404).setHeader('Cache-Control', CACHE_CONTROL.never);
  res.type('text').send('Not found');
}

/**
 * The built single-page app (dashboard/dist), with its index.html for every other GET (client-side
 * routes). The build writes a `.br` and a `.gz` beside each text file (dashboard/vite.config.ts);
 * express-static-gzip sends the one the client accepts (brotli first) with its Content-Encoding,
 * the file's own Content-Type and `Vary: Accept-Encoding`, and the file itself to a client that
 * accepts neither. It finds the compressed copies when the server starts.
 */
export function serveDashboard(app: Express, dir: string): void {
  const root = path.resolve(dir);
  const index = path.join(root, 'index.html');
  const files = expressStaticGzip(root, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      setHeaders: (res, file) => res.setHeader('Cache-Control', cacheControlOf(root, file)),
    },
  });
  app.use(files);
  // A hashed file that is not there (a page from before a deploy asking for its old chunk) is a
  // 404, not the page shell that a script tag cannot run.
  app.use('/assets', (_req, res) => notFound(res));
  // Looked for until found, then known: not a file-system call on every page request.
  let built = existsSync(index);
  app.get(/^(?!\/api\/).*/, (req, res, next) => {
    // A file the build does not have (/favicon.ico, /apple-touch-icon.png, an old script) is a 404:
    // a client-side route has no extension, and the page shell is no image or script.
    const extension = path.extname(req.path);
    if (extension && extension !== '.html') {
      notFound(res);
      return;
    }
    built ||= existsSync(index);
    if (!built) {
      res.setHeader('Cache-Control', CACHE_CONTROL.never);
      res
        .status(503)
        .type('text')
        .send('The dashboard is not built: run `npm run build -w @reachly/dashboard`.');
      return;
    }
    req.url = '/index.html';
    files(req, res, next);
  });
}
