import path from 'node:path';
import { expect, it } from 'vitest';
import { runSimulatedMonth } from './month.ts';
import type { Skin } from './network-driver.ts';
import { table } from './report.ts';
import { buildDashboard, lookAtRun } from './screenshots.ts';

/**
 * The short variant of `npm run soak`: six simulated days, three profiles, two collections of 120
 * people, with every fault of the scenario compressed into them, on the database of this project
 * and the network skin it names (vitest.config.ts: PGlite on the Facebook replica, PostgreSQL on
 * the sandbox's own pages). Every invariant must hold.
 */
const skin: Skin = process.env.SOAK_SKIN === 'facebook' ? 'facebook' : 'sandbox';
const postgres = process.env.TEST_DB === 'postgres';
/** On PostgreSQL the week ends with a person's look at each campaign's run view (390 and 1440 px). */
const SCREENS = path.resolve(import.meta.dirname, '../../test-artifacts/soak-week');

let screens: { file: string; text: string }[] = [];

it(`keeps every invariant over six simulated days of a campaign with faults (${skin} pages)`, async () => {
  const report = await runSimulatedMonth({
    days: 6,
    profiles: 3,
    perCollection: 120,
    databaseUrl: postgres ? process.env.TEST_DATABASE_URL : undefined,
    skin,
    ...(postgres
      ? {
          dashboardDir: buildDashboard(),
          inspect: async (run) => {
            screens = await lookAtRun(run, SCREENS);
          },
        }
      : {}),
  });
  console.log(table(report));
  expect(report.violations).toEqual([]);
  expect(report.duplicates).toBe(0);
  if (postgres) {
    // The run view reads as news: named profiles and local times, never a raw ISO time or an
    // unnamed "Profile 1", and each notice once with its count (issue 14, point 10).
    expect(screens.map((s) => path.basename(s.file))).toEqual([
      'run-a-390.png',
      'run-a-1440.png',
      'run-b-390.png',
      'run-b-1440.png',
    ]);
    for (const { text } of screens) {
      expect(text).toContain('Notices');
      expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
      expect(text).not.toMatch(/\bProfile \d+\b/);
    }
  }
}, 600_000);
