import { z } from 'zod/v4';

/**
 * Zod's object parsing compiles a fast path with `new Function` when the page allows it, and finds
 * out by trying: under the dashboard's Content-Security-Policy (no 'unsafe-eval') each try is a
 * CSP violation that Chromium reports as an issue (Lighthouse's best practices count it). The
 * dashboard parses small answers: it takes the plain path and never tries.
 *
 * The build resolves `zod` to this module (vite.config.ts), zod configured before it is handed to
 * any module, so no schema is ever made before `jitless` is set (tests/e2e/security.test.ts watches
 * for a violation on every page). A page that builds no schema (the sign-in page) loads no zod.
 */
z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
