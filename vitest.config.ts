import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

/**
 * One vitest run for the whole repository. Server tests run once on the embedded PGlite and, when
 * TEST_DATABASE_URL is set (CI sets it), once more on PostgreSQL.
 */
const serverTests = ['server/test/**/*.test.ts'];
const databases = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

export default defineConfig({
  test: {
    // vitest's default is one worker fewer than the cores: one on a 2-core CI machine, so every file
    // waited for the one before it. Most of a file's time is spent waiting (Chromium pages, the
    // sandbox's scripted delays, PostgreSQL): three at once keep both cores busy.
    maxWorkers: 3,
    projects: [
      // Pure modules without mocks or module state: one worker process runs many files, instead of
      // one process per file (~0.6 s of start-up each on a loaded 2-core machine).
      { test: { name: 'shared', include: ['shared/src/**/*.test.ts'], isolate: false } },
      { test: { name: 'repo', include: ['tests/src/**/*.test.ts'] } },
      { test: { name: 'sandbox', include: ['tests/sandbox-network/**/*.test.ts'] } },
      {
        test: {
          name: 'dashboard',
          include: ['dashboard/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['dashboard/src/test-setup.ts'],
          // user-event types and clicks through the whole React tree: a form test takes 3-4 s on an
          // idle 2-core machine and more beside the e2e browsers, past vitest's 5-s default.
          testTimeout: 30_000,
        },
      },
      {
        // The extension's modules with WXT's fake browser (extension/).
        root: './extension',
        plugins: [WxtVitest({ root: './extension' })],
        // The adapter tests start the sandbox network and wait on its pages: vitest's 5 s default
        // timed out under load on a 2-core machine, as the other projects' did.
        test: {
          name: 'extension',
          include: ['src/**/*.test.ts'],
          environment: 'happy-dom',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The desktop agent and the Electron shell's plain modules, under Node (desktop/). Runs that
        // need the built extension and a real server are end-to-end files (tests/e2e/agent*.test.ts).
        test: {
          name: 'desktop',
          include: ['desktop/{src,electron}/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // End-to-end: the real server and the built dashboard in Debian's Chromium (tests/e2e).
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          // A page waits up to 60 s for each condition (support/browser.ts E2E_WAIT_MS); a test of
          // a few such waits needs more than that.
          testTimeout: 180_000,
          hookTimeout: 120_000,
          // Each file has its own server (port 0, in-memory database), sandbox and browsers, so
          // files run side by side with the rest.
          fileParallelism: true,
        },
      },
      // The short variant of `npm run soak`: a simulated week of a campaign with faults (tests/soak),
      // on PGlite against the Facebook replica's pages and on PostgreSQL against the sandbox's own
      // (the same seed gives the same run on both skins; `npm run soak -- --skin facebook` runs the
      // whole month on the replica).
      ...databases.map((db) => ({
        test: {
          name: `soak:${db}`,
          include: ['tests/soak/**/*.test.ts'],
          env: { TEST_DB: db, SOAK_SKIN: db === 'pglite' ? 'facebook' : 'sandbox' },
          testTimeout: 600_000,
        },
      })),
      ...databases.map((db) => ({
        test: {
          name: `server:${db}`,
          include: serverTests,
          env: { TEST_DB: db },
          // One worker process runs many files: the server's modules are imported once per worker
          // instead of once per file (server/src keeps no module state; each file starts its own
          // server on its own database). 14 files took 157 CPU-s isolated and 91 CPU-s so.
          isolate: false,
          // Prints the security and fault suite's table of figures at the end (server/test/helpers);
          // on PGlite, first migrates the one database every file opens a copy of.
          globalSetup: [
            ...(db === 'pglite' ? ['server/test/helpers/pglite-template.ts'] : []),
            'server/test/helpers/figures-setup.ts',
          ],
          // A timeout is a net for a hung test, never a speed check: at a load average of 15 (CI beside
          // three other jobs on two cores) a 10-s simulated-weeks test passed 30 s, and, its loop still
          // running on the file's shared clock, turned the file's next tests red too.
          testTimeout: 120_000,
          // A file's beforeAll opens its database (a PGlite copy: 15-60 s at a load average of 20
          // on two cores) and starts its server.
          hookTimeout: 180_000,
        },
      })),
    ],
  },
});
