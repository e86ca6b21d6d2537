import type { Plugin } from 'vite';

/**
 * zod's `locales` namespace in the build is English alone (vite.config.ts applies this in `vite
 * build`; the development server and the tests run zod as published).
 *
 * zod's classic API and its core each re-export every locale it ships (`export * as locales from
 * "../locales/index.js"`), and the dashboard's schemas use the `z` namespace object, which holds
 * them: the bundler cannot drop a namespace's members, so every page that builds a schema loaded
 * some forty translations of zod's error messages. The dashboard speaks English, and zod sets its
 * English messages from `locales/en.js` directly (classic/schemas.js), not through that namespace.
 * The build's zod chunk went from 386 KB to 195 KB (72.5 → 43.8 KB brotli) on the board's first
 * screen (docs/decisions.md, "Fewer, larger scripts, and zod in English alone").
 */

/** The modules of zod that re-export its every locale as `locales`. */
export const ZOD_LOCALES_IMPORTERS = /[\\/]zod[\\/]v4[\\/](?:classic[\\/]external|core[\\/]index)\.js$/;
const ZOD_LOCALES = '../locales/index.js';
const ENGLISH_ONLY = '\0reachly:zod-english-locales';

export function zodEnglishOnly(): Plugin {
  const replaced = new Set<string>();
  return {
    name: 'reachly:zod-english-only',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== ZOD_LOCALES || !importer || !ZOD_LOCALES_IMPORTERS.test(importer)) return null;
      replaced.add(importer);
      return ENGLISH_ONLY;
    },
    load(id) {
      return id === ENGLISH_ONLY ? "export { default as en } from 'zod/v4/locales/en.js';" : null;
    },
    // Both re-exports replaced, or zod changed how it ships its locales: the build fails rather than
    // load them all again unnoticed.
    buildEnd(error) {
      if (!error && replaced.size !== 2)
        this.error(
          `zodEnglishOnly replaced zod's locales in ${replaced.size} of its 2 modules (zod-english.ts): has zod moved them?`,
        );
    },
  };
}
