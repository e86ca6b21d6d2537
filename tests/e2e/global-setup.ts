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
    /** The built extension (Chrome MV3) profile browsers load. */
    extensionDir: string;
  }
}

/** Runs a build, turning its failure into an error that shows the tool's output. */
function build(
  what: string,
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): void {
  try {
    execFileSync(command, args, {
      cwd,
      stdio: 'pipe',
      env: { ...process.env, NODE_ENV: 'production', ...env },
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`The ${what} build failed:\n${stdout ?? ''}${stderr ?? ''}`);
  }
}

/**
 * Builds the dashboard and the extension once per end-to-end run, into folders of their own (so
 * parallel runs and `npm start` never serve each other's half-written build); E2E_SKIP_BUILD=1
 * serves dashboard/dist and extension/.output/chrome-mv3 as they are.
 */
export default function setup(project: TestProject): () => void {
  if (!existsSync(CHROMIUM))
    throw new Error(`End-to-end tests need Chromium at ${CHROMIUM} (apt-get install -y chromium)`);
  if (process.env.E2E_SKIP_BUILD === '1') {
    project.provide('dashboardDir', dashboardDist);
    project.provide('extensionDir', path.join(repoRoot, 'extension/.output/chrome-mv3'));
    return () => {};
  }
  const outDir = mkdtempSync(path.join(tmpdir(), 'reachly-dashboard-'));
  // vitest sets NODE_ENV=test, which would make Vite build React's development runtime.
  build(
    'dashboard',
    'npx',
    ['vite', 'build', '--outDir', outDir, '--emptyOutDir'],
    path.join(repoRoot, 'dashboard'),
  );
  project.provide('dashboardDir', outDir);
  const extensionOut = mkdtempSync(path.join(tmpdir(), 'reachly-extension-'));
  build('extension', 'npx', ['wxt', 'build'], path.join(repoRoot, 'extension'), {
    REACHLY_EXTENSION_OUT_DIR: extensionOut,
  });
  project.provide('extensionDir', path.join(extensionOut, 'chrome-mv3'));
  return () => {
    rmSync(outDir, { recursive: true, force: true });
    rmSync(extensionOut, { recursive: true, force: true });
  };
}
