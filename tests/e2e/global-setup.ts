import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { repoRoot } from './support/app.ts';
import { CHROMIUM } from './support/browser.ts';

/** Builds the dashboard once for the end-to-end run (the server serves dashboard/dist). */
export default function setup(): void {
  if (!existsSync(CHROMIUM))
    throw new Error(`End-to-end tests need Chromium at ${CHROMIUM} (apt-get install -y chromium)`);
  if (process.env.E2E_SKIP_BUILD === '1') return;
  // vitest sets NODE_ENV=test, which would make Vite build React's development runtime.
  execFileSync('npm', ['run', 'build', '-w', '@reachly/dashboard'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
