import { expect, it } from 'vitest';
import { table } from './invariants.ts';
import { runSimulatedMonth } from './month.ts';

/**
 * The short variant of `npm run soak`: six simulated days, three profiles, two collections of 120
 * people, with every fault of the scenario compressed into them, on the database of this project
 * (PGlite, and PostgreSQL in the soak:postgres project). Every invariant must hold.
 */
it('keeps every invariant over six simulated days of a campaign with faults', async () => {
  const report = await runSimulatedMonth({
    days: 6,
    profiles: 3,
    perCollection: 120,
    databaseUrl: process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined,
  });
  console.log(table(report));
  expect(report.violations).toEqual([]);
  expect(report.duplicates).toBe(0);
}, 600_000);
