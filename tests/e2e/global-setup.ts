import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dashboardDist, repoRoot } from './support/app.ts';
import { CHROMIUM } from './support/browser.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The dashboard build the end-to-end servers serve. */
    dashboardDir: string;
  }
}

/**
 * Builds the dashboard once per end-to-end run, into a folder of its own (so parallel runs and
 * `npm start` never serve each other's half-written build); E2E_SKIP_BUILD=1 serves dashboard/dist.
 */
export default function setup(project: TestProject): () => void {
  if (!existsSync(CHROMIUM))
    throw new Error(`End-to-end tests need Chromium at ${CHROMIUM} (apt-get install -y chromium)`);
  if (process.env.E2E_SKIP_BUILD === '1') {
    project.provide('dashboardDir', dashboardDist);
    return () => {};
  }
  const outDir = mkdtempSync(path.join(tmpdir(), 'reachly-dashboard-'));
  // vitest sets NODE_ENV=test, which would make Vite build React's development runtime.
  try {
    execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
      cwd: path.join(repoRoot, 'dashboard'),
      stdio: 'pipe',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`The dashboard build failed:\n${stdout ?? ''}${stderr ?? ''}`);
  }
  project.provide('dashboardDir', outDir);
  return () => rmSync(outDir, { recursive: true, force: true });
}
