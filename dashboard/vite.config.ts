import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Global } from '@emotion/react';
import react from '@vitejs/plugin-react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { defineConfig, type Plugin, type Rollup, runnerImport } from 'vite';
import {
  CHAKRA_SYSTEM_FILE,
  CHAKRA_UNIT_FILE,
  patchChakraSystem,
  patchChakraUnit,
} from './chakra-patches.ts';
import { zodEnglishOnly } from './zod-english.ts';

/** Text files worth compressing; images, fonts and the like are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Every compressible file of the build also as `.br` (brotli quality 11) and `.gz` (gzip level 9)
 * beside it, written once here so that the server sends the smallest without compressing at request
 * time (server/src/http/dashboard.ts). A copy no smaller than its file is not written.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'reachly:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries.filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name));
      await Promise.all(
        files.map(async (entry) => {
          const file = path.join(entry.parentPath, entry.name);
          const raw = await readFile(file);
          if (raw.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gzipped(raw, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < raw.length) await writeFile(`${file}.br`, br);
          if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/** The theme's modules, which main.tsx imports on every page (theme-config.ts, theme-steps.ts, theme.ts). */
const THEME_MODULES = /[\\/]src[\\/]theme(-config|-steps)?\.ts$/;

/** The chunks of the theme's modules and every chunk they import, the entry's own excepted. */
function themeChunks(bundle: Rollup.OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = new Set<string>();
  const walk = (file: string, into: Set<string>) => {
    if (into.has(file)) return;
    into.add(file);
    for (const imported of byFile.get(file)?.imports ?? []) walk(imported, into);
  };
  for (const chunk of chunks) if (chunk.isEntry) walk(chunk.fileName, entry);
  const theme = new Set<string>();
  for (const chunk of chunks)
    if (chunk.moduleIds.some((id) => THEME_MODULES.test(id))) walk(chunk.fileName, theme);
  return [...theme].filter((file) => !entry.has(file));
}

/**
 * The theme's global CSS (Chakra's reset, the global styles and every token's CSS variable, light
 * and dark) made once at build time instead of in every page at start-up (issue 19). The build runs
 * the dashboard's own theme (src/theme.ts) in Node and serializes what ChakraProvider would insert
 * with emotion's own serializer, rule for rule the same text; index.html links it as a hashed
 * stylesheet. The build's copy of Chakra's createSystem builds no global CSS objects, so
 * ChakraProvider inserts nothing but the layer order. In development (`vite`) Chakra works as
 * published. The build fails if Chakra's code no longer has the line it replaces.
 */
function prebuiltThemeCss(): Plugin {
  let build = false;
  let root = '';
  let base = '/';
  let fileName = '';
  return {
    name: 'reachly:prebuilt-theme-css',
    configResolved(config) {
      build = config.command === 'build';
      root = config.root;
      base = config.base;
    },
    async buildStart() {
      if (!build) return;
      const { module } = await runnerImport<typeof import('./src/theme.ts')>(
        path.join(root, 'src/theme.ts'),
        {
          configFile: false,
          root,
          logLevel: 'error',
        },
      );
      const { system } = module;
      // What ChakraProvider inserts (its <Global>s: the layer order, then the system's global CSS),
      // rendered by emotion on the server, which writes each one's rules in a <style> element.
      const markup = renderToStaticMarkup(
        createElement(
          'div',
          null,
          [system.layers.atRule, ...system._global].map((styles, index) =>
            createElement(Global, { key: index, styles }),
          ),
        ),
      );
      const css = [...markup.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)]
        .map((match) => match[1])
        .join('\n');
      if (!css.includes('--chakra-colors')) throw new Error('The theme rendered no token variables');
      fileName = `assets/theme-${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
      this.emitFile({ type: 'asset', fileName, source: css });
    },
    transform(code, id) {
      if (!build) return undefined;
      if (CHAKRA_UNIT_FILE.test(id)) return { code: patchChakraUnit(code, id), map: null };
      if (CHAKRA_SYSTEM_FILE.test(id)) return { code: patchChakraSystem(code, id), map: null };
      return undefined;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!build || !context.bundle) return undefined;
        return [
          { tag: 'link', attrs: { rel: 'stylesheet', href: `${base}${fileName}` }, injectTo: 'head' },
          // Every page evaluates the theme right after the entry (main.tsx, in tasks of their own):
          // its chunks are fetched beside the entry's, not once the entry has run.
          ...themeChunks(context.bundle).map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

// In development the API runs on the server (npm start); Vite proxies /api to it.
export default defineConfig({
  plugins: [react(), prebuiltThemeCss(), precompress(), zodEnglishOnly()],
  // Every `zod` the dashboard and shared import is zod configured for the page (src/zod-config.ts).
  resolve: {
    alias: [{ find: /^zod$/, replacement: path.resolve(import.meta.dirname, 'src/zod-config.ts') }],
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/socket.io': { target: 'ws://localhost:3000', ws: true } },
  },
  // The vendor chunk (React, Chakra, emotion) is large by nature; `npm run bench` measures the
  // sign-in route's initial JavaScript against its 250 KB gzipped budget instead of this warning.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // A common chunk of under 16 KB of source is copied into the chunks that import it
          // instead of being a file of its own (rolldown then keeps the modules' order of
          // evaluation across chunks: strictExecutionOrder). Left to itself the build made 143
          // scripts, most under 3 KB, and a first visit of the board asked for 91 of them: over
          // HTTP/1.1's six connections each costs a round trip, and the board's largest paint
          // waited for them more than for its bytes. Now 48 scripts; the board's first visit asks
          // for 25, with fewer bytes (447 → 399 KB), and Lighthouse's LCP went 6.6–6.9 → 4.3–4.4 s
          // on one machine (docs/decisions.md, "Fewer, larger scripts, and zod in English alone").
          experimentalInlineCommonChunks: { maxSize: 16384 },
          // zod and src/zod-config.ts (what `zod` resolves to) in one chunk of their own, loaded
          // only by the pages that build schemas.
          groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]zod-config\.ts$/ }],
        },
      },
    },
  },
});
