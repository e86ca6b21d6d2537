import { writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import type { Page } from 'puppeteer';
import { launchBrowser } from '../e2e/support/browser.ts';
import { seedBoardAccount, startBuiltDashboardServer } from './lib/built-dashboard.ts';
import type { BenchRow } from './lib/measure.ts';

/**
 * Lighthouse (npm `lighthouse`, its default mobile preset: a mid-range phone's screen, simulated
 * slow 4G and a 4× slower CPU) on Debian's Chromium, against a production build of the dashboard
 * served by the real server (issue 19): /signin, the public page, and /board with 500 cards, signed
 * in. Each category is a row with the issue's goal: performance ≥ 90, accessibility 100, best
 * practices 100, SEO ≥ 95 on public pages. The detail names what weighs on performance.
 */

const BOARD_CARDS = 500;
/**
 * Audits of each page (LIGHTHOUSE_RUNS, default 1): on a shared machine one run's figures move by
 * tens of points, so the rows give the median run and the detail every run's score. Storage is not
 * reset (the board needs the session), so the HTTP cache is too: a page's first run loads its
 * scripts over the simulated network, the runs after it from the cache.
 */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

const GOALS: Record<Category, number> = {
  performance: 90,
  accessibility: 100,
  'best-practices': 100,
  seo: 95,
};
const LABELS: Record<Category, string> = {
  performance: 'performance',
  accessibility: 'accessibility',
  'best-practices': 'best practices',
  seo: 'SEO',
};

interface Audit {
  id: string;
  title: string;
  score: number | null;
  displayValue?: string;
  numericValue?: number;
}

interface Report {
  categories: Record<Category, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
  runWarnings: string[];
}

/** One Lighthouse run of `url` in the page's browser; signed in when the browser is. */
async function audit(page: Page, url: string, categories: readonly Category[], run = 0): Promise<Report> {
  const result = await lighthouse(
    url,
    {
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
      // The session cookie must stay: the board is a signed-in page.
      disableStorageReset: true,
    },
    undefined,
    // Lighthouse bundles its own puppeteer-core types; the page is the same protocol client.
    page as unknown as Parameters<typeof lighthouse>[3],
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  // LIGHTHOUSE_REPORT_DIR keeps each page's whole report (signin.json, board.json) to read further.
  const keep = process.env.LIGHTHOUSE_REPORT_DIR;
  if (keep)
    writeFileSync(
      path.join(keep, `${new URL(url).pathname.slice(1)}${run > 0 ? `-${run + 1}` : ''}.json`),
      JSON.stringify(result.lhr),
    );
  return result.lhr as unknown as Report;
}

/** The audits that failed in a category, worst first: what a reader would fix. */
function failing(report: Report, category: Category): string {
  const refs = report.categories[category].auditRefs.filter((r) => r.weight > 0);
  const failed = refs
    .map((r) => report.audits[r.id])
    .filter((a): a is Audit => a !== undefined && a.score !== null && a.score < 0.9)
    .map((a) => `${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  return failed.length > 0 ? `failing: ${failed.slice(0, 4).join('; ')}` : 'no failing audit';
}

/** Performance's own figures: LCP, TBT, CLS and the DOM's size. */
function metrics(report: Report): string {
  const value = (id: string) => report.audits[id]?.displayValue ?? '?';
  const elements = report.audits['dom-size-insight']?.numericValue;
  return `LCP ${value('largest-contentful-paint')}, TBT ${value('total-blocking-time')}, CLS ${value('cumulative-layout-shift')}, FCP ${value('first-contentful-paint')}, ${elements === undefined ? '?' : elements.toLocaleString('en')} DOM elements`;
}

const scoreOf = (report: Report, category: Category) =>
  Math.round((report.categories[category].score ?? 0) * 100);

/** The run of median performance, and every run's performance score in order. */
function median(reports: Report[]): { report: Report; scores: number[] } {
  const scores = reports.map((r) => scoreOf(r, 'performance'));
  const order = reports.map((_, i) => i).sort((a, b) => (scores[a] ?? 0) - (scores[b] ?? 0));
  const report = reports[order[Math.floor((order.length - 1) / 2)] ?? 0] as Report;
  return { report, scores };
}

/** Each page audited RUNS times, one after the other. */
async function audits(page: Page, url: string, categories: readonly Category[]): Promise<Report[]> {
  const reports: Report[] = [];
  for (let run = 0; run < RUNS; run += 1) reports.push(await audit(page, url, categories, run));
  return reports;
}

function rows(page: string, reports: Report[], categories: readonly Category[]): BenchRow[] {
  const { report, scores } = median(reports);
  const runs = scores.length > 1 ? `median of ${scores.length} runs (${scores.join(', ')}); ` : '';
  return categories.map((category) => {
    const score = scoreOf(report, category);
    const goal = GOALS[category];
    return {
      measure: `Lighthouse mobile, ${page}: ${LABELS[category]}`,
      value: String(score),
      goal: goal === 100 ? '100' : `≥ ${goal}`,
      met: score >= goal,
      detail: `${category === 'performance' ? `${runs}${metrics(report)}; ` : ''}${failing(report, category)}`,
    };
  });
}

export async function lighthouseBenches(log: (text: string) => void): Promise<BenchRow[]> {
  log('building the dashboard for Lighthouse (vite build)');
  const { running, close } = await startBuiltDashboardServer('bench-lighthouse');
  const chromium = await launchBrowser();
  try {
    const page = await chromium.browser.newPage();
    log('Lighthouse: /signin');
    const signin = await audits(page, `${running.url}/signin`, CATEGORIES);

    log(`Lighthouse: /board with ${BOARD_CARDS} cards`);
    const account = await seedBoardAccount(running, BOARD_CARDS);
    await page.goto(`${running.url}/signin`, { waitUntil: 'networkidle0' });
    await page.locator('input[type=email]').fill(account.email);
    await page.locator('input[type=password]').fill(account.password);
    await Promise.all([page.waitForNavigation(), page.locator('button[type=submit]').click()]);
    // SEO is for public pages: the board is behind the sign-in.
    const boardCategories = CATEGORIES.filter((c) => c !== 'seo');
    const board = await audits(page, `${running.url}/board`, boardCategories);
    return [
      ...rows('/signin', signin, CATEGORIES),
      ...rows(`/board (${BOARD_CARDS} cards)`, board, boardCategories),
    ];
  } finally {
    await chromium.close();
    await close();
  }
}
