import { defineConfig } from 'wxt';

/**
 * The Reachly extension (docs/design.md §2, §5). The manifest key fixes the extension id
 * (EXTENSION_ID in src/ids.ts), so launchers can open its pages; host permissions cover every
 * site because the network and the dashboard live wherever the user runs them.
 */
export default defineConfig({
  srcDir: '.',
  entrypointsDir: 'entrypoints',
  // The end-to-end tests build into a folder of their own.
  outDir: process.env.REACHLY_EXTENSION_OUT_DIR ?? '.output',
  modules: ['@wxt-dev/module-react', '@wxt-dev/webextension-polyfill'],
  manifest: {
    name: 'Reachly',
    description: 'Runs Reachly campaign tasks in this profile browser.',
    key: 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAlnbA0lUMU/UtaUyz5BD4wSFN/1NSiTZje1ITnUXaAzzjakFzfdY9FcsLZ3Zc4HJub70y1chPVbmgXDa5iln9D408SxtVJDTiK4RvU77aNY6xMEe2IYFB5K13voJ2pPsQlWomKNDKe5JbPtBhLukVVJtlMCbNzURlptoxYEuacdpKp8DGv1NFaWfrcpEZvsd4HqYT674YK7zkpdSc1YS7bQUmAWRMEswMhfWvB1rgbmSFiz7CrDlKz5mcjhPg7yIBc0Z9fd0RpzBWG25tjwtozEomik20I65qdEBbfOV6hyuHcDWfa0g/BDlPlAioYh4QJb+Y+A/2DqKgP1O3KpwYawIDAQAB',
    permissions: ['storage', 'alarms', 'tabs', 'scripting'],
    host_permissions: ['<all_urls>'],
  },
});
