import { expect, it } from 'vitest';
import { runSimulatedMonth } from './month.ts';
import type { Skin } from './network-driver.ts';
import { table } from './report.ts';

/**
 * The short variant of `npm run soak`: six simulated days, three profiles, two collections of 120
 * people, with every fault of the scenario compressed into them, on the database of this project
 * and the network skin it names (vitest.config.ts: PGlite on the Facebook replica, PostgreSQL on
 * the sandbox's own pages). Every invariant must hold.
 */
const skin: Skin = process.env.SOAK_SKIN === 'facebook' ? 'facebook' : 'sandbox';

it(`keeps every invariant over six simulated days of a campaign with faults (${skin} pages)`, async () => {
  const report = await runSimulatedMonth({
    days: 6,
    profiles: 3,
    perCollection: 120,
    databaseUrl: process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined,
    skin,
  });
  console.log(table(report));
  expect(report.violations).toEqual([]);
  expect(report.duplicates).toBe(0);
}, 600_000);
