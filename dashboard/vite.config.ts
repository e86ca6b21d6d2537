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

/** Chakra's createSystem builds the global CSS objects at once; in the build's copy it builds none. */
const CHAKRA_SYSTEM_FILE = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const CHAKRA_GLOBAL_LINE = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';

/**
 * Chakra's `getUnit` (styled-system/unit-conversion.js) compiles three regular expressions on every
 * call; the theme's token dictionary calls it for each size, spacing, font size and radius token at
 * start-up, and style props call it while rendering. The build's copy uses one expression compiled
 * once: the same pattern (the digits' source, then the units' group), without a global flag, so
 * every call matches as before.
 */
const CHAKRA_UNIT_FILE =
  /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]unit-conversion\.js$/;
const CHAKRA_GET_UNIT = `function getUnit(value = "") {
  const DIGIT_REGEX = new RegExp(String.raw\`-?\\d+(?:\\.\\d+|\\d*)\`);
  const UNIT_REGEX = new RegExp(\`\${UNIT_PX}|\${UNIT_EM}|\${UNIT_REM}\`);
  const unit = value.match(
    new RegExp(\`\${DIGIT_REGEX.source}(\${UNIT_REGEX.source})\`)
  );
  return unit?.[1];
}`;
const CHAKRA_GET_UNIT_ONCE = `const UNIT_VALUE_REGEX = new RegExp(String.raw\`-?\\d+(?:\\.\\d+|\\d*)(\${UNIT_PX}|\${UNIT_EM}|\${UNIT_REM})\`);
function getUnit(value = "") {
  const unit = value.match(UNIT_VALUE_REGEX);
  return unit?.[1];
}`;

/**
 * createSystem in steps (the build's copy): the configs merged, then the token dictionary, each in a
 * task of its own before the system is made of them (src/theme-steps.ts), instead of one long task.
 * `createSystem.steps.merge(...configs)` merges as createSystem does and marks the result;
 * `createSystem.steps.tokens(merged)` builds its dictionary as createSystem does (same arguments,
 * same defaults); `createSystem(merged)` then takes both as they are. Any other call is unchanged.
 */
const CHAKRA_CREATE_SYSTEM = `function createSystem(...configs) {
  const config = mergeConfigs(...configs);`;
const CHAKRA_CREATE_SYSTEM_STEPS = `const premergedConfigs = /* @__PURE__ */ new WeakSet();
const prebuiltTokens = /* @__PURE__ */ new WeakMap();
function createSystem(...configs) {
  const config = configs.length === 1 && premergedConfigs.has(configs[0]) ? configs[0] : mergeConfigs(...configs);`;
const CHAKRA_TOKENS_LINE = '  const tokens = createTokenDictionary({';
const CHAKRA_TOKENS_LINE_STEPS = '  const tokens = prebuiltTokens.get(config) ?? createTokenDictionary({';
const CHAKRA_SYSTEM_EXPORT = 'export { createSystem, isValidSystem };';
const CHAKRA_SYSTEM_EXPORT_STEPS = `createSystem.steps = {
  merge(...configs) {
    const config = mergeConfigs(...configs);
    premergedConfigs.add(config);
    return config;
  },
  tokens(config) {
    const { theme = {}, cssVarsPrefix = "chakra" } = config;
    prebuiltTokens.set(config, createTokenDictionary({
      breakpoints: theme.breakpoints,
      tokens: theme.tokens,
      semanticTokens: theme.semanticTokens,
      prefix: cssVarsPrefix
    }));
  }
};
${CHAKRA_SYSTEM_EXPORT}`;

/** Replaces `find`, which must be in `code` exactly once, in a file of a dependency (the build's copy). */
function patchOnce(code: string, id: string, find: string, replacement: string): string {
  if (code.split(find).length !== 2)
    throw new Error(`${id} no longer has the code vite.config.ts replaces:\n${find}`);
  return code.replace(find, () => replacement);
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
      if (build && CHAKRA_UNIT_FILE.test(id))
        return { code: patchOnce(code, id, CHAKRA_GET_UNIT, CHAKRA_GET_UNIT_ONCE), map: null };
      if (!build || !CHAKRA_SYSTEM_FILE.test(id)) return undefined;
      let patched = patchOnce(code, id, CHAKRA_GLOBAL_LINE, 'const _global = [];');
      patched = patchOnce(patched, id, CHAKRA_CREATE_SYSTEM, CHAKRA_CREATE_SYSTEM_STEPS);
      patched = patchOnce(patched, id, CHAKRA_TOKENS_LINE, CHAKRA_TOKENS_LINE_STEPS);
      patched = patchOnce(patched, id, CHAKRA_SYSTEM_EXPORT, CHAKRA_SYSTEM_EXPORT_STEPS);
      return { code: patched, map: null };
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
  plugins: [react(), prebuiltThemeCss(), precompress()],
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
        // zod and src/zod-config.ts (what `zod` resolves to) in one chunk of their own, loaded only
        // by the pages that build schemas.
        codeSplitting: {
          groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]zod-config\.ts$/ }],
        },
      },
    },
  },
});
