import { contract } from '@reachly/shared/contract';
import { localTime } from '@reachly/shared/logic';
import { parse } from 'csv-parse/sync';
import type { Page } from 'puppeteer';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, callAs, type E2EApp, registerAccount } from './support/app.ts';
import {
  type E2EBrowser,
  openPage,
  screenshotsIn,
  seriousAxeViolations,
  signInAt,
  waitForText,
} from './support/browser.ts';
import { allowDownloads } from './support/downloads.ts';
import { useAppAndBrowser } from './support/fixture.ts';
import { type SeededMonth, seedReportMonth } from './support/seed-report-month.ts';

/**
 * The reports page (issue 20) over a simulated month: two campaigns worked by two profiles every
 * day of the last 30 in the user's time zone, seeded as the engine records it. A user whose
 * browser is in that zone opens Reports from the menu and sees the month's totals (thousands
 * separators), each of their own days' numbers in the charts, the per-campaign and per-profile
 * tables, the legend and a day's tooltip, and the funnel's moves from its history; no serious axe
 * violation; no sideways page scroll at 390 px. Screenshots go to test-artifacts/reports/.
 *
 * One clock reading makes the month, and the zone is the one where that reading is nearest noon:
 * the page, opened minutes later, is still on the same day, whatever the time of the run.
 */
let app: E2EApp;
let chromium: E2EBrowser;
useAppAndBrowser((a, c) => {
  app = a;
  chromium = c;
});

const shoot = screenshotsIn('reports', { fullPage: true });
let account: Account;
let month: SeededMonth;
let spring: number;
let zone: string;

/** Zones at most three hours apart all round the clock, none at UTC's offset (its days differ from UTC's). */
const ZONES = [
  'Pacific/Honolulu',
  'America/Los_Angeles',
  'America/New_York',
  'America/Sao_Paulo',
  'Atlantic/Cape_Verde',
  'Europe/Berlin',
  'Europe/Moscow',
  'Asia/Dubai',
  'Asia/Kolkata',
  'Asia/Bangkok',
  'Asia/Tokyo',
  'Australia/Sydney',
  'Pacific/Auckland',
];

/** The zone whose clock is nearest noon at `now` (between 10:30 and 13:30): its day lasts the run. */
function zoneNearNoon(now: Date): string {
  const distance = (z: string) => Math.abs(localTime(now, z).minutes - 12 * 60);
  return ZONES.reduce((best, z) => (distance(z) < distance(best) ? z : best));
}

const fmt = (n: number) => n.toLocaleString('en');

beforeAll(async () => {
  account = await registerAccount(app, 'reports');
  const call = callAs(app, account);
  const collection = await call(contract.collections.create, { body: { name: 'Autumn fair leads' } });
  const anna = await call(contract.profiles.create, { body: { name: 'Anna Work' } });
  const bruno = await call(contract.profiles.create, { body: { name: 'Bruno Sales' } });
  const campaign = (name: string) =>
    call(contract.campaigns.create, {
      body: {
        name,
        collectionId: collection.id,
        profileIds: [anna.id, bruno.id],
        steps: [{ type: 'friendRequest' }],
      },
    });
  spring = (await campaign('Spring outreach')).id;
  const autumn = (await campaign('Autumn follow-up')).id;
  const now = new Date();
  zone = zoneNearNoon(now);
  month = await seedReportMonth(app.running.ctx.db, account.user.organizationId, {
    collectionId: collection.id,
    campaignIds: [spring, autumn],
    profileIds: [anna.id, bruno.id],
    now,
    timeZone: zone,
  });
}, 120_000);

async function openReports(page: Page, width: number, height: number) {
  await page.setViewport({ width, height });
  // The user's browser is in the month's zone.
  await page.emulateTimezone(zone);
  if (width >= 1024) {
    await signInAt(page, app, account);
    // The menu's Reports entry, beside the other pages.
    await page.locator('nav a[href="/reports"]').click();
  } else {
    // Signed in straight to the reports page; its totals and chart below are what we wait for.
    await signInAt(page, app, account, '/reports');
  }
  await page.waitForSelector('[data-testid=report-totals]');
  await page.waitForSelector('[data-testid=chart-report-requests] .recharts-bar-rectangle');
}

const count = (pick: (l: SeededMonth['leads'][number]) => boolean) => month.leads.filter(pick).length;

describe('the reports page over a simulated month', () => {
  it('shows the totals, a campaign row, the charts with legend and tooltip, the funnel; no serious axe violation', async () => {
    const page = await openPage(chromium.browser);
    await openReports(page, 1440, 900);
    expect(await page.$eval('[data-testid=report-from]', (e) => (e as HTMLInputElement).value)).toBe(
      month.from,
    );
    expect(await page.$eval('[data-testid=report-to]', (e) => (e as HTMLInputElement).value)).toBe(month.to);
    await waitForText(page, `days in ${zone}`);
    const requests = month.leads.length;
    expect(requests).toBeGreaterThan(1000);
    const text = (id: string) => page.$eval(`[data-testid=${id}]`, (e) => e.textContent);
    expect(await text('total-requests')).toBe(fmt(requests));
    expect(await text('total-accepted')).toBe(fmt(count((l) => l.acceptedAt !== null)));
    expect(await text('total-replies')).toBe(fmt(count((l) => l.replyAt !== null)));
    expect(await text('total-positive')).toBe(fmt(count((l) => l.positive)));
    // The Spring outreach row of the campaigns table.
    const row = await page.$$eval('[data-testid=report-campaigns] tbody tr', (rows) =>
      rows.map((r) => Array.from(r.querySelectorAll('td'), (td) => td.textContent)),
    );
    const springRow = row.find((cells) => cells[0] === 'Spring outreach');
    expect(springRow?.[1]).toBe(fmt(count((l) => l.campaignId === spring)));
    expect(springRow?.[2]).toBe(fmt(count((l) => l.campaignId === spring && l.acceptedAt !== null)));
    expect(await page.$$eval('[data-testid=report-profiles] tbody tr', (r) => r.length)).toBe(2);
    // The charts: a bar per day and series, and the legend naming the series.
    const legend = await page.$eval(
      '[data-testid=chart-report-requests] .recharts-legend-wrapper',
      (e) => e.textContent,
    );
    expect(legend).toContain('Requests sent');
    expect(legend).toContain('Accepted');
    expect(
      await page.$$eval('[data-testid=chart-report-requests] .recharts-bar-rectangle', (b) => b.length),
    ).toBe(60);
    expect(
      await page.$eval('[data-testid=chart-report-replies] .recharts-legend-wrapper', (e) => e.textContent),
    ).toContain('Positive replies');
    // Each of the user's days, not UTC's: the chart's accessible name holds every day's numbers.
    const perDay = new Map<string, { requests: number; accepted: number }>();
    for (const l of month.leads) {
      const day = (at: Date) => perDay.get(localTime(at, zone).date) ?? { requests: 0, accepted: 0 };
      const asked = day(l.requestAt);
      perDay.set(localTime(l.requestAt, zone).date, { ...asked, requests: asked.requests + 1 });
      if (l.acceptedAt) {
        const took = day(l.acceptedAt);
        perDay.set(localTime(l.acceptedAt, zone).date, { ...took, accepted: took.accepted + 1 });
      }
    }
    const label = await page.$eval('[data-testid=chart-report-requests] [role=img]', (e) =>
      e.getAttribute('aria-label'),
    );
    const days = [...perDay]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, n]) => `${date}: ${fmt(n.requests)} requests sent, ${fmt(n.accepted)} accepted`);
    expect(days).toHaveLength(30);
    expect(label).toBe(`Requests sent and accepted per day: ${days.join('; ')}`);
    // The funnel's moves from its history: every acceptance a new card, every positive reply a move.
    const cells = (id: string) =>
      page.$$eval(`[data-testid=${id}] tbody tr`, (rows) =>
        rows.map((r) => Array.from(r.querySelectorAll('td'), (td) => td.textContent)),
      );
    const funnel = await cells('report-funnel');
    expect(funnel.find((r) => r[0] === 'INTERESTED')?.[1]).toBe(fmt(count((l) => l.positive)));
    expect(funnel.find((r) => r[0] === 'SENT')?.[2]).toBe(fmt(count((l) => l.replyAt !== null)));
    const moves = await cells('report-moves');
    expect(moves.find((r) => r[0] === 'New card' && r[1] === 'SENT')?.[2]).toBe(
      fmt(count((l) => l.acceptedAt !== null)),
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot(page, 'reports', 1440);
    // A day's tooltip under the pointer: the last day's numbers.
    const box = await (await page.$('[data-testid=chart-report-requests] .recharts-surface'))?.boundingBox();
    if (!box) throw new Error('the requests chart has no surface');
    await page.mouse.move(box.x + box.width - 20, box.y + box.height / 2);
    await page.waitForFunction(
      (to) =>
        document
          .querySelector('[data-testid=chart-report-requests] .recharts-tooltip-wrapper')
          ?.textContent?.includes(to.slice(5)) ?? false,
      {},
      month.to,
    );
    await shoot(page, 'reports-tooltip', 1440, false);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('fits a 390 px screen without sideways page scroll, filters by campaign and exports what it shows as CSV', async () => {
    const page = await openPage(chromium.browser);
    await openReports(page, 390, 844);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shoot(page, 'reports', 390);
    await page.select('[data-testid=report-campaign]', String(spring));
    await waitForText(page, 'Per campaign');
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid=total-requests]')?.textContent === n,
      {},
      fmt(count((l) => l.campaignId === spring)),
    );
    expect(await page.$$eval('[data-testid=report-campaigns] tbody tr', (r) => r.length)).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Export CSV saves the report as filtered: its totals row holds the campaign's numbers.
    const downloads = await allowDownloads(page);
    try {
      await page.locator('[data-testid=export-csv]').click();
      await page.waitForSelector('[data-testid=export-csv][data-state=done]');
      const { name, text } = await downloads.saved('report-');
      expect(name).toMatch(new RegExp(`^report-${month.from}-to-${month.to}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
      const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];
      expect(rows.find((r) => r.Row === 'total')?.['Requests sent']).toBe(
        String(count((l) => l.campaignId === spring)),
      );
      expect(rows.filter((r) => r.Row === 'campaign').map((r) => r.Campaign)).toEqual(['Spring outreach']);
    } finally {
      downloads.remove();
    }
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it("draws a campaign's run-view charts with the same chart library (axes, legend), at 1440 and 390 px", async () => {
    const page = await openPage(chromium.browser);
    await signInAt(page, app, account);
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      await page.setViewport({ width, height });
      await page.goto(`${app.url}/campaigns/${spring}`, { waitUntil: 'networkidle0' });
      await page.waitForSelector('[data-testid=chart-requests] .recharts-bar-rectangle');
      const caption = await page.$eval('[data-testid=chart-requests] figcaption', (e) => e.textContent);
      // The run view's charts show the campaign's last 30 days with activity.
      expect(caption).toMatch(/^Requests sent: [\d,]+$/);
      expect(
        await page.$eval('[data-testid=chart-accepted] .recharts-legend-wrapper', (e) => e.textContent),
      ).toContain('Accepted');
      expect(
        await page.$$eval('[data-testid=chart-requests] .recharts-cartesian-axis', (a) => a.length),
      ).toBe(2);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      // The charts add no serious axe violation. (At 390 px the run view's Profiles and Activity log
      // tables scroll sideways in frames a keyboard cannot reach: DataTable's, not the charts'.)
      const violations = await seriousAxeViolations(page);
      const inCharts = await page.evaluate(
        (selectors) =>
          selectors.filter((s) => document.querySelector(s)?.closest('[data-testid^=chart-]') != null),
        violations.flatMap((v) => v.nodes),
      );
      expect(inCharts).toEqual([]);
      if (width === 1440) expect(violations).toEqual([]);
      await (await page.$('[data-testid=chart-requests]'))?.scrollIntoView();
      await shoot(page, 'campaign-run-charts', width, false);
    }
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
