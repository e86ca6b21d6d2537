import { z } from 'zod';

/**
 * Zod's object parsing compiles a fast path with `new Function` when the page allows it, and finds
 * out by trying: under the dashboard's Content-Security-Policy (no 'unsafe-eval') each try is a
 * CSP violation that Chromium reports as an issue (Lighthouse's best practices count it). The
 * dashboard parses small answers: it takes the plain path and never tries. Imported first by
 * main.tsx, so that no schema parses before this runs.
 */
z.config({ jitless: true });
