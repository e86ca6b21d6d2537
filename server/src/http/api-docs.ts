import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { contract, openApiDocument } from '@reachly/shared/contract';
import express, { Router } from 'express';
import { CACHE_CONTROL } from './cache-control.ts';
import { compressAnswers } from './compression.ts';

const require = createRequire(import.meta.url);
const swaggerDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Reachly API reference</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/start.js"></script>
</body>
</html>
`;

// A file of its own, not an inline script: the page's CSP allows scripts from this origin only.
const START = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#reference', deepLinking: true });\n`;

/**
 * The API's own description, generated from the shared contract: the OpenAPI 3.1 document at
 * /api/openapi.json and a reference page at /api/docs (Swagger UI, served from this server).
 */
export function apiDocsRoutes(): Router {
  const router = Router();
  router.use(['/openapi.json', '/docs'], compressAnswers());
  let document: string | null = null;
  router.get('/openapi.json', (_req, res) => {
    document ??= JSON.stringify(openApiDocument(contract, { title: 'Reachly API', version }));
    res.type('application/json').send(document);
  });
  router.get('/docs', (_req, res) => {
    res.type('html').send(PAGE);
  });
  // The reference page's script and Swagger UI's files are the same for everyone: cached a while,
  // unlike every other API answer (no-store).
  router.get('/docs/start.js', (_req, res) => {
    res.setHeader('Cache-Control', CACHE_CONTROL.short);
    res.type('text/javascript').send(START);
  });
  router.use(
    '/docs/assets',
    express.static(swaggerDir, {
      index: false,
      fallthrough: false,
      dotfiles: 'deny',
      setHeaders: (res) => res.setHeader('Cache-Control', CACHE_CONTROL.short),
    }),
  );
  return router;
}
