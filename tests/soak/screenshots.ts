import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../bench/lib/server-process.ts';
import { launchBrowser, waitForText } from '../e2e/support/browser.ts';
import type { SoakRun } from './month.ts';

/** Builds the dashboard into a folder of its own, for the soak's server to serve. */
export function buildDashboard(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'reachly-soak-dashboard-'));
  execFileSync('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir'], {
    cwd: path.join(repoRoot, 'dashboard'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return dir;
}

/**
 * A person's look at a finished simulated run: the run view of each campaign, signed in as the
 * soak's user, at a phone's width (390 px) and a desktop's (1440 px), full page, into `outDir`
 * (run-<campaign>-<width>.png).
 */
export async function screenshotRun(run: SoakRun, outDir: string): Promise<string[]> {
  return (await lookAtRun(run, outDir)).map((shot) => shot.file);
}

/** The same look, with the text each screen shows (what a person reads there). */
export async function lookAtRun(run: SoakRun, outDir: string): Promise<{ file: string; text: string }[]> {
  mkdirSync(outDir, { recursive: true });
  const browser = await launchBrowser();
  const saved: { file: string; text: string }[] = [];
  try {
    const page = await browser.browser.newPage();
    page.setDefaultTimeout(60_000);
    await page.goto(`${run.url}/signin`, { waitUntil: 'networkidle0' });
    await page.locator('input[type=email]').fill(run.email);
    await page.locator('input[type=password]').fill(run.password);
    await Promise.all([
      page.waitForNavigation({ waitUntil: 'networkidle0' }),
      page.locator('button[type=submit]').click(),
    ]);
    for (const [name, id] of Object.entries(run.campaigns)) {
      for (const width of [390, 1440]) {
        await page.setViewport({ width, height: 900 });
        await page.goto(`${run.url}/campaigns/${id}`, { waitUntil: 'networkidle0' });
        await waitForText(page, 'Notices', 60_000);
        await page.waitForSelector('[data-testid="campaign-profile-row"]');
        const file = path.join(outDir, `run-${name}-${width}.png`);
        await page.screenshot({ path: file as `${string}.png`, fullPage: true });
        saved.push({ file, text: await page.evaluate(() => document.body.innerText) });
      }
    }
  } finally {
    await browser.close();
  }
  return saved;
}
