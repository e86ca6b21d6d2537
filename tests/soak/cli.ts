import { parseArgs } from 'node:util';
import { runSimulatedMonth } from './month.ts';
import type { Skin } from './network-driver.ts';
import { table } from './report.ts';
import { buildDashboard, screenshotRun } from './screenshots.ts';

/**
 * `npm run soak`: a simulated month (30 days, 5 profiles, two collections of 1,000 people sharing
 * 200, then 40 more) on the embedded PGlite, and again on PostgreSQL when SOAK_DATABASE_URL (or
 * TEST_DATABASE_URL) names one. Prints the table and every violated invariant; exits 1 on any.
 */
const usage = `npm run soak -- [--days N] [--profiles N] [--people N] [--database pglite|postgres|both] [--skin sandbox|facebook]

  --days N       simulated days (default 30)
  --profiles N   profiles, each with its own executor (default 5)
  --people N     people per collection (default 1000)
  --database     pglite, postgres (SOAK_DATABASE_URL or TEST_DATABASE_URL) or both (default: both when a URL is set)
  --skin         sandbox (its own pages, default) or facebook (the Facebook replica: people at /<name>,
                 actions through its /api/graphql/ mutations, its block dialogs)
  --screenshots DIR
                 at the end, the run view of each campaign at 390 and 1440 px into DIR (Chromium)`;

const { values } = parseArgs({
  options: {
    days: { type: 'string', default: '30' },
    profiles: { type: 'string', default: '5' },
    people: { type: 'string', default: '1000' },
    database: { type: 'string' },
    screenshots: { type: 'string' },
    skin: { type: 'string', default: 'sandbox' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const url = process.env.SOAK_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const which = values.database ?? (url ? 'both' : 'pglite');
if (!['pglite', 'postgres', 'both'].includes(which) || (which !== 'pglite' && !url)) {
  console.error(which === 'pglite' ? usage : 'PostgreSQL needs SOAK_DATABASE_URL (or TEST_DATABASE_URL).');
  process.exit(2);
}
if (values.skin !== 'sandbox' && values.skin !== 'facebook') {
  console.error(usage);
  process.exit(2);
}
const skin: Skin = values.skin;
let failed = false;
const dashboardDir = values.screenshots ? buildDashboard() : undefined;
for (const database of which === 'both' ? ['pglite', 'postgres'] : [which]) {
  const started = Date.now();
  const report = await runSimulatedMonth({
    days: Number(values.days),
    profiles: Number(values.profiles),
    perCollection: Number(values.people),
    databaseUrl: database === 'postgres' ? url : undefined,
    skin,
    log: (line) => console.error(`soak (${database}, ${skin}): ${line}`),
    dashboardDir,
    inspect: values.screenshots
      ? async (run) => {
          const files = await screenshotRun(run, values.screenshots as string);
          console.error(`soak (${database}): screenshots ${files.join(', ')}`);
        }
      : undefined,
  });
  console.log(
    `\n### Simulated month on ${database}${skin === 'facebook' ? ', Facebook replica' : ''} (${new Date().toISOString().slice(0, 10)}, ${Math.round((Date.now() - started) / 1000)} s)\n`,
  );
  console.log(table(report));
  if (report.violations.length > 0) {
    failed = true;
    console.log(`\nViolations:\n${report.violations.map((v) => `- ${v}`).join('\n')}`);
  }
}
process.exit(failed ? 1 : 0);
