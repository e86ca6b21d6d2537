import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { ZOD_LOCALES_IMPORTERS, zodEnglishOnly } from '../zod-english.ts';

/**
 * The build's zod without its forty translations (zod-english.ts, applied by vite.config.ts): the
 * plugin must replace exactly the modules of the installed zod that re-export every locale, give
 * them English alone, and fail the build when it replaced fewer (a zod that moved its locales).
 */

const zodDir = path.dirname(createRequire(import.meta.url).resolve('zod/package.json'));
const importers = ['v4/classic/external.js', 'v4/core/index.js'].map((file) => path.join(zodDir, file));

type Hook = (this: unknown, ...args: unknown[]) => unknown;
const hook = (plugin: Plugin, name: 'resolveId' | 'load' | 'buildEnd') => plugin[name] as unknown as Hook;

describe('zod in the build: English alone', () => {
  it('finds the installed zod re-exporting every locale where the plugin looks', () => {
    for (const file of importers) {
      expect(ZOD_LOCALES_IMPORTERS.test(file)).toBe(true);
      expect(readFileSync(file, 'utf8')).toContain('export * as locales from "../locales/index.js";');
    }
  });

  it("replaces those two modules' locales with English and leaves every other import alone", async () => {
    const plugin = zodEnglishOnly();
    const resolve = hook(plugin, 'resolveId');
    const ids = importers.map((importer) => resolve.call({}, '../locales/index.js', importer));
    expect(new Set(ids).size).toBe(1);
    const id = ids[0] as string;
    // Not another module's `../locales/index.js`, nor another of zod's imports.
    expect(resolve.call({}, '../locales/index.js', path.join(zodDir, 'v4/mini/schemas.js'))).toBeNull();
    expect(resolve.call({}, '../locales/en.js', importers[0])).toBeNull();

    const code = hook(plugin, 'load').call({}, id) as string;
    expect(code).toBe("export { default as en } from 'zod/v4/locales/en.js';");
    // What it exports is zod's English, the messages the page shows.
    const { default: en } = await import('zod/v4/locales/en.js');
    z.config(en());
    expect(z.string().safeParse(1).error?.issues[0]?.message).toBe(
      'Invalid input: expected string, received number',
    );
    // Both replaced: the build goes on.
    const errors: string[] = [];
    const context = { error: (message: string) => errors.push(message) } as unknown as Rollup.PluginContext;
    hook(plugin, 'buildEnd').call(context);
    expect(errors).toEqual([]);
  });

  it('fails the build when it replaced fewer than both', () => {
    const plugin = zodEnglishOnly();
    hook(plugin, 'resolveId').call({}, '../locales/index.js', importers[0]);
    const errors: string[] = [];
    const context = { error: (message: string) => errors.push(message) } as unknown as Rollup.PluginContext;
    hook(plugin, 'buildEnd').call(context);
    expect(errors).toEqual([expect.stringContaining("replaced zod's locales in 1 of its 2 modules")]);
  });
});
