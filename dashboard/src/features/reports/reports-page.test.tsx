import type { ReportCounts, ReportResponse } from '@reachly/shared/schemas';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, type RecordedRequest, routeFetch } from '../../test-support/fetch-routes.ts';
import { withApp } from '../../test-support/with-app.tsx';
import { makeCampaign } from '../campaigns/test-support/campaign-fixtures.tsx';
import { makeProfile } from '../profiles/test-support/profiles-fixtures.tsx';
import ReportsPage from './reports-page.tsx';
import { browserTimeZone, lastDays, rangeProblem } from './utils/report-range.ts';

const counts = (
  requestsSent: number,
  accepted: number,
  replies: number,
  positiveReplies: number,
): ReportCounts => ({
  requestsSent,
  accepted,
  replies,
  positiveReplies,
  acceptanceRate: requestsSent ? accepted / requestsSent : null,
  replyRate: accepted ? replies / accepted : null,
  positiveRate: replies ? positiveReplies / replies : null,
});

const report: ReportResponse = {
  from: '2026-06-01',
  to: '2026-06-02',
  totals: counts(12_345, 4_000, 800, 200),
  days: [
    { date: '2026-06-01', ...counts(6_000, 2_000, 400, 100) },
    { date: '2026-06-02', ...counts(6_345, 2_000, 400, 100) },
  ],
  campaigns: [{ campaignId: 5, name: 'Spring outreach', ...counts(12_345, 4_000, 800, 200) }],
  profiles: [{ profileId: 7, name: 'Anna', ...counts(12_345, 4_000, 800, 200) }],
  timeZone: 'America/New_York',
  funnel: [
    { status: 'sent', movedIn: 1_500, movedOut: 300 },
    { status: 'interested', movedIn: 150, movedOut: 0 },
  ],
  moves: [
    { date: '2026-06-01', from: null, to: 'sent', count: 1_000 },
    { date: '2026-06-02', from: null, to: 'sent', count: 500 },
    { date: '2026-06-02', from: 'sent', to: 'interested', count: 150 },
  ],
};

let requests: RecordedRequest[];
beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    routeFetch(
      {
        'GET /api/reports': () => json(200, report),
        'GET /api/campaigns': () => json(200, [makeCampaign(5, { name: 'Spring outreach' })]),
        'GET /api/profiles': () =>
          json(200, { profiles: [makeProfile(7, 'Anna')], hasMore: false, total: 1, page: 1 }),
      },
      requests,
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = () =>
  render(<ReportsPage />, {
    wrapper: withApp(new QueryClient({ defaultOptions: { queries: { retry: false } } })),
  });

describe('the reports page', () => {
  it("asks for the last 30 days in the browser's time zone and shows totals with thousands separators, rates, tables and the funnel", async () => {
    renderPage();
    await waitFor(() => expect(screen.getByTestId('total-requests').textContent).toBe('12,345'));
    const asked = requests.find((r) => r.path === '/api/reports');
    const timeZone = browserTimeZone();
    expect(asked?.query).toEqual({ ...lastDays(new Date(), timeZone), timeZone });
    expect(screen.getByText(new RegExp(`days in ${timeZone}`))).toBeTruthy();
    expect(screen.getByTestId('total-accepted').textContent).toBe('4,000');
    expect(screen.getByText('32.4% of requests')).toBeTruthy();
    const row = within(screen.getByTestId('report-campaigns')).getByText('Spring outreach').closest('tr');
    expect(row?.textContent).toContain('12,345');
    expect(row?.textContent).toContain('25%');
    expect(within(screen.getByTestId('report-funnel')).getByText('1,500')).toBeTruthy();
    expect(within(screen.getByTestId('report-funnel')).getByText('300')).toBeTruthy();
    // The moves from → to over the range: the two days' new cards added up.
    const newCards = within(screen.getByTestId('report-moves')).getByText('New card').closest('tr');
    expect(newCards?.textContent).toContain('1,500');
    const chart = within(screen.getByTestId('chart-report-requests')).getByRole('img');
    expect(chart.getAttribute('aria-label')).toContain('2026-06-02: 6,345 requests sent, 2,000 accepted');
  });

  it('filters by campaign and refuses a reversed range before asking', async () => {
    renderPage();
    await screen.findByText('Spring outreach', { selector: 'option' });
    fireEvent.change(screen.getByTestId('report-campaign'), { target: { value: '5' } });
    await waitFor(() => expect(requests.some((r) => r.query.campaignId === '5')).toBe(true));
    const before = requests.length;
    fireEvent.change(screen.getByTestId('report-from'), { target: { value: '2030-01-01' } });
    expect((await screen.findByTestId('report-range-problem')).textContent).toBe(
      'The start date must be on or before the end date.',
    );
    expect(requests.slice(before).some((r) => r.path === '/api/reports')).toBe(false);
  });
});

describe('lastDays', () => {
  it("ends on today's date in the zone: 02:00 UTC is still yesterday in New York", () => {
    const at = new Date('2026-10-05T02:00:00Z');
    expect(lastDays(at, 'UTC')).toEqual({ from: '2026-09-06', to: '2026-10-05' });
    expect(lastDays(at, 'America/New_York')).toEqual({ from: '2026-09-05', to: '2026-10-04' });
  });
});

describe('rangeProblem', () => {
  it('allows 366 days, not 367', () => {
    expect(rangeProblem({ from: '2025-11-01', to: '2026-11-01' })).toBeNull();
    expect(rangeProblem({ from: '2025-10-31', to: '2026-11-01' })).toBe('A report covers at most 366 days.');
    expect(rangeProblem({ from: '', to: '2026-11-01' })).toBe('Choose both dates.');
  });
});
