import { z } from 'zod';

/**
 * Zod's object parsing compiles a fast path with `new Function` when the page allows it, and finds
 * out by trying: under the dashboard's Content-Security-Policy (no 'unsafe-eval') each try is a
 * CSP violation that Chromium reports as an issue (Lighthouse's best practices count it). The
 * dashboard parses small answers: it takes the plain path and never tries. Imported first by
 * main.tsx, and built into zod's own chunk (vite.config.ts), so that it runs as soon as zod is
 * evaluated, before any other chunk builds a schema (tests/e2e/security.test.ts watches for a
 * violation on every page).
 */
z.config({ jitless: true });
