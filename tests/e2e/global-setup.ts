import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { providePgliteTemplate } from '../../server/test/helpers/pglite-template.ts';
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
async function build(
  what: string,
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<void> {
  try {
    await promisify(execFile)(command, args, {
      cwd,
      env: { ...process.env, NODE_ENV: 'production', ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`The ${what} build failed:\n${stdout ?? ''}${stderr ?? ''}`);
  }
}

/**
 * Builds the dashboard and the extension once per end-to-end run, into folders of their own (so
 * parallel runs and `npm start` never serve each other's half-written build); E2E_SKIP_BUILD=1
 * serves dashboard/dist and extension/.output/chrome-mv3 as they are. Meanwhile migrates the
 * embedded database every file's server opens a copy of (server/test/helpers/pglite-template.ts):
 * creating and migrating one per file took 30-140 s at a load average of 17 on two cores.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (!existsSync(CHROMIUM))
    throw new Error(`End-to-end tests need Chromium at ${CHROMIUM} (apt-get install -y chromium)`);
  const template = providePgliteTemplate(project);
  template.catch(() => {}); // awaited below, after the builds
  if (process.env.E2E_SKIP_BUILD === '1') {
    project.provide('dashboardDir', dashboardDist);
    project.provide('extensionDir', path.join(repoRoot, 'extension/.output/chrome-mv3'));
    return await template;
  }
  const outDir = mkdtempSync(path.join(tmpdir(), 'reachly-dashboard-'));
  const extensionOut = mkdtempSync(path.join(tmpdir(), 'reachly-extension-'));
  const removeBuilds = () => {
    rmSync(outDir, { recursive: true, force: true });
    rmSync(extensionOut, { recursive: true, force: true });
  };
  try {
    // vitest sets NODE_ENV=test, which would make Vite build React's development runtime.
    await build(
      'dashboard',
      'npx',
      ['vite', 'build', '--outDir', outDir, '--emptyOutDir'],
      path.join(repoRoot, 'dashboard'),
    );
    project.provide('dashboardDir', outDir);
    await build('extension', 'npx', ['wxt', 'build'], path.join(repoRoot, 'extension'), {
      REACHLY_EXTENSION_OUT_DIR: extensionOut,
    });
    project.provide('extensionDir', path.join(extensionOut, 'chrome-mv3'));
  } catch (error) {
    removeBuilds();
    throw error;
  }
  const removeTemplate = await template;
  return () => {
    removeBuilds();
    removeTemplate();
  };
}
