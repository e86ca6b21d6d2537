import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type BuildOptions, build } from 'esbuild';
import { DESKTOP_DIR, isMain } from './installers.ts';

/**
 * `npm run build:shell -w @reachly/desktop`: compiles the Electron shell into desktop/dist/shell.
 * - main.mjs (ESM, for Electron 45's Node 22): main, the agent and @reachly/shared bundled; the
 *   npm dependencies stay imports, and electron-builder packs them from node_modules.
 * - preload.cjs: a sandboxed preload may require nothing but electron (and a few built-ins), so
 *   everything else, zod included, is bundled into one CommonJS file.
 * Two folders under desktop/, like src/agent/*.ts: the agent finds files relative to its own
 * import.meta.url (desktop/package.json for its version), and bundled code keeps the bundle's URL,
 * so the same relative paths land on the same files, in the checkout and in the packaged app.asar.
 */

export const SHELL_OUT_DIR = path.join(DESKTOP_DIR, 'dist/shell');

/** The package's npm dependencies, left to node_modules; workspace packages (TypeScript source) are bundled. */
export function runtimeExternals(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(DESKTOP_DIR, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  return ['electron', ...Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@reachly/'))];
}

const common: BuildOptions = { bundle: true, sourcemap: true, logLevel: 'warning', legalComments: 'none' };

export function mainOptions(outDir: string = SHELL_OUT_DIR): BuildOptions {
  return {
    ...common,
    entryPoints: [path.join(DESKTOP_DIR, 'electron/main.ts')],
    outfile: path.join(outDir, 'main.mjs'),
    platform: 'node',
    format: 'esm',
    target: 'node22',
    external: runtimeExternals(),
    // CommonJS code bundled into ESM may still call require().
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  };
}

export function preloadOptions(outDir: string = SHELL_OUT_DIR): BuildOptions {
  return {
    ...common,
    entryPoints: [path.join(DESKTOP_DIR, 'electron/preload.ts')],
    outfile: path.join(outDir, 'preload.cjs'),
    // 'browser': a Node built-in imported by mistake fails the build instead of the sandbox.
    platform: 'browser',
    format: 'cjs',
    target: 'es2022',
    minify: true,
    external: ['electron'],
  };
}

export async function buildShell(outDir: string = SHELL_OUT_DIR): Promise<void> {
  await Promise.all([build(mainOptions(outDir)), build(preloadOptions(outDir))]);
}

if (isMain(import.meta.url)) {
  await buildShell();
  console.log(`Built the Electron shell into ${SHELL_OUT_DIR}`);
}
