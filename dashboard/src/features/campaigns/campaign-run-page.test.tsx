import type { RealtimePayload, ServerEventName } from '@reachly/shared/realtime';
import type { CampaignFunnelResponse, CampaignVariantsResponse } from '@reachly/shared/schemas';
import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { popupsAtom } from '../../state/popups.ts';
import { profileStartErrorAtom } from '../license/state/profile-start-error.ts';
import CampaignRunPage from './campaign-run-page.tsx';
import {
  json,
  makeCampaign,
  makeCollection,
  makeLog,
  makeProfileState,
  type RecordedRequest,
  routeFetch,
  withApp,
} from './test-support/campaign-fixtures.tsx';

// The page's socket, played by the test: each pushed event goes to the listeners the page registered.
const realtime = vi.hoisted(() => ({ listeners: new Map<string, Set<(payload: unknown) => void>>() }));
vi.mock('../../realtime/use-realtime.ts', async () => {
  const { useEffect, useRef } = await import('react');
  return {
    useRealtimeEvent: (event: string, listener: (payload: unknown) => void) => {
      const latest = useRef(listener);
      latest.current = listener;
      useEffect(() => {
        const handler = (payload: unknown) => latest.current(payload);
        const set = realtime.listeners.get(event) ?? new Set();
        set.add(handler);
        realtime.listeners.set(event, set);
        return () => {
          set.delete(handler);
        };
      }, [event]);
    },
  };
});

/** Pushes an event and lets the query observers (notified on a timer) re-render. */
async function push<E extends ServerEventName>(event: E, payload: RealtimePayload<E>) {
  await act(async () => {
    for (const listener of realtime.listeners.get(event) ?? []) listener(payload);
    await new Promise((resolve) => setTimeout(resolve, 5));
  });
}

const funnel: CampaignFunnelResponse = {
  days: [
    { date: '2026-06-01', requests: 4, accepted: 2, messages: 2, replies: 1 },
    { date: '2026-06-03', requests: 6, accepted: 2, messages: 1, replies: 0 },
  ],
  totals: { requests: 10, accepted: 4, messages: 3, replies: 1 },
  acceptanceRate: 0.4,
  replyRate: 0.125,
};

/** A restriction logged before the page opened: the notices start with it. */
const storedNotice = makeLog(15, {
  type: 'RESTRICTION',
  profileId: 8,
  message: 'Bruno was restricted before the page opened',
  createdAt: '2026-06-01T09:00:00.000Z',
});

let requests: RecordedRequest[];
let startAnswer: () => Response;
let remainingTraffic: string;
let variants: CampaignVariantsResponse;
/** Bruno's pause (null once lifted), and what POST /api/profiles/8/resume answers. */
let brunoPausedUntil: string | null;
let resumeAnswer: () => Response;

beforeEach(() => {
  realtime.listeners.clear();
  requests = [];
  brunoPausedUntil = '2026-06-02T09:00:00.000Z';
  resumeAnswer = () => {
    brunoPausedUntil = null;
    return json(200, { id: 8, pausedUntil: null });
  };
  remainingTraffic = '1073741824';
  variants = [];
  startAnswer = () => json(200, makeCampaign(5, { status: 'running' }));
  vi.stubGlobal(
    'fetch',
    routeFetch(
      {
        'GET /api/campaigns/5': () => json(200, makeCampaign(5, { name: 'Spring outreach' })),
        'GET /api/campaigns/5/profiles': () =>
          json(200, [
            makeProfileState(7, 'Anna', { today: { friendRequest: 3 } }),
            makeProfileState(8, 'Bruno', {
              pausedUntil: brunoPausedUntil,
              pauseReason: brunoPausedUntil ? 'The network showed a restriction warning' : null,
              lastSeenAt: '2026-06-01T08:00:00.000Z',
            }),
            // Its browser failed to start after it last asked for work: nothing runs there.
            makeProfileState(9, 'Carla', {
              lastSeenAt: '2026-06-01T08:00:00.000Z',
              launchFailedAt: '2026-06-01T08:30:00.000Z',
            }),
          ]),
        'GET /api/campaigns/5/funnel': () => json(200, funnel),
        'GET /api/campaigns/5/variants': () => json(200, variants),
        'PATCH /api/campaigns/5': (r) => json(200, { ...makeCampaign(5), ...(r.body as object) }),
        'GET /api/campaigns/5/logs': (r) =>
          json(
            200,
            r.query.types
              ? { logs: [storedNotice], hasMore: false }
              : r.query.lastId === '-1'
                ? { logs: [makeLog(20), makeLog(19)], hasMore: true }
                : { logs: [makeLog(18)], hasMore: false },
          ),
        'GET /api/collections': () => json(200, [makeCollection(3, 'Spring leads')]),
        'GET /api/traffic': () =>
          json(200, { trafficLimit: '1073741824', usedTraffic: '0', remainingTraffic }),
        'POST /api/campaigns/5/start': () => startAnswer(),
        'POST /api/profiles/8/resume': () => resumeAnswer(),
      },
      requests,
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderRunView() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const store = createStore();
  const Wrapper = withApp(client, store);
  render(
    <Wrapper>
      <MemoryRouter initialEntries={['/campaigns/5']}>
        <Routes>
          <Route path="/campaigns/:campaignId" element={<CampaignRunPage />} />
        </Routes>
      </MemoryRouter>
    </Wrapper>,
  );
  return { store };
}

const logIds = () => screen.getAllByTestId('log-row').map((row) => Number(row.getAttribute('data-log-id')));

describe('the run view', () => {
  it('shows the log newest first, puts pushed rows of this campaign on top and loads older pages', async () => {
    renderRunView();
    await waitFor(() => expect(logIds()).toEqual([20, 19]));

    await push('campaign-log-created', makeLog(21, { message: 'Friend request sent to Lee' }));
    await push('campaign-log-created', makeLog(22, { campaignId: 6, message: 'Another campaign' }));
    await push('campaign-log-created', makeLog(21, { message: 'Friend request sent to Lee' }));
    expect(logIds()).toEqual([21, 20, 19]);
    const top = screen.getAllByTestId('log-row')[0] as HTMLElement;
    expect(within(top).getByText('Friend request sent to Lee')).toBeTruthy();
    expect(within(top).getByText('Anna')).toBeTruthy();
    expect(screen.queryByText('Another campaign')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(logIds()).toEqual([21, 20, 19, 18]));
    const pages = requests.filter((r) => r.path.endsWith('/logs') && !r.query.types);
    expect(pages.map((r) => r.query.lastId)).toEqual(['-1', '19']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('opens PROFILE_START_ERROR_POPUP when a LAUNCH_FAILED row of this campaign arrives', async () => {
    const { store } = renderRunView();
    await waitFor(() => expect(logIds()).toEqual([20, 19]));
    await push(
      'campaign-log-created',
      makeLog(30, { campaignId: 6, type: 'LAUNCH_FAILED', message: 'Not ours' }),
    );
    expect(store.get(popupsAtom).PROFILE_START_ERROR_POPUP).toBe(false);
    await push(
      'campaign-log-created',
      makeLog(31, { type: 'LAUNCH_FAILED', message: 'The proxy refused the connection.' }),
    );
    expect(store.get(popupsAtom).PROFILE_START_ERROR_POPUP).toBe(true);
    expect(store.get(profileStartErrorAtom)).toBe('The proxy refused the connection.');
  });

  it('shows the per-profile state, the rates and the per-day charts, and notices newest first', async () => {
    renderRunView();
    // The log's notice rows show at once; the request asks for the notice types only.
    await screen.findByText('Bruno was restricted before the page opened');
    expect(requests.find((r) => r.query.types)?.query.types).toBe('RESTRICTION,DANGER,SIGNAL,LAUNCH_FAILED');
    const paused = await screen.findByText('The network showed a restriction warning');
    expect(paused.closest('tr')?.getAttribute('data-paused')).toBe('true');
    expect(screen.getByText('Friend requests: 3')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('acceptance-rate').textContent).toBe('40%'));
    expect(screen.getByTestId('reply-rate').textContent).toBe('12.5%');
    // Three days (the quiet 2 June included) per chart, the numbers in the accessible name.
    const requestsChart = within(screen.getByTestId('chart-requests')).getByRole('img');
    expect(requestsChart.getAttribute('aria-label')).toBe(
      'Requests sent per day: 2026-06-01: 4, 2026-06-02: 0, 2026-06-03: 6',
    );
    expect(screen.getByTestId('chart-replies').textContent).toContain('Replies: 1');

    const notice = {
      campaignId: 5,
      profileId: 8,
      level: 'warning' as const,
      type: 'RESTRICTION' as const,
      createdAt: '2026-06-01T11:00:00.000Z',
    };
    await push('campaign-notice', { ...notice, message: 'Bruno is paused for 24 hours' });
    await push('campaign-notice', { ...notice, campaignId: 6, message: 'Not this campaign' });
    await push('campaign-notice', { ...notice, level: 'danger', message: 'Bruno hit a block page' });
    // The stored row pushed again (it was read while it happened) shows once.
    await push('campaign-notice', {
      ...notice,
      level: 'danger',
      message: storedNotice.message as string,
      createdAt: storedNotice.createdAt,
    });
    const notices = screen.getAllByTestId('notice');
    expect(notices.map((n) => n.getAttribute('data-level'))).toEqual(['danger', 'warning', 'danger']);
    expect(notices[0]?.textContent).toContain('Bruno hit a block page');
    expect(notices[2]?.textContent).toContain('Bruno was restricted before the page opened');
    expect(notices.filter((n) => n.textContent?.includes('before the page opened'))).toHaveLength(1);
  });

  it('folds repeated notices into one with a count, and says which profile is not running and why', async () => {
    renderRunView();
    await screen.findByText('Bruno was restricted before the page opened');
    const warning = {
      campaignId: 5,
      profileId: 7,
      level: 'warning' as const,
      type: 'SIGNAL' as const,
      message: 'Anna: the network asked to slow down',
    };
    for (const minute of ['01', '11', '21']) {
      await push('campaign-notice', { ...warning, createdAt: `2026-06-01T12:${minute}:00.000Z` });
    }
    await push('campaign-notice', {
      ...warning,
      message: 'Anna: another warning',
      createdAt: '2026-06-01T12:30:00.000Z',
    });
    const notices = screen.getAllByTestId('notice');
    // Three identical warnings read as one line with a count; the different one stays apart.
    expect(notices.filter((n) => n.textContent?.includes('asked to slow down'))).toHaveLength(1);
    const folded = notices.find((n) => n.textContent?.includes('asked to slow down')) as HTMLElement;
    expect(within(folded).getByTestId('notice-count').textContent).toBe('3 times');
    expect(folded.textContent).toContain('Anna');
    expect(notices[0]?.textContent).toContain('another warning');
    expect(within(notices[0] as HTMLElement).queryByTestId('notice-count')).toBeNull();

    const table = within(screen.getByRole('table', { name: 'Profiles of the campaign' }));
    const carla = table.getByText('Carla').closest('tr') as HTMLElement;
    expect(carla.getAttribute('data-launch-failed')).toBe('true');
    expect(carla.textContent).toContain('Not running');
    expect(carla.textContent).toContain('the browser failed to start');
    const anna = table.getByText('Anna').closest('tr') as HTMLElement;
    expect(anna.getAttribute('data-launch-failed')).toBe('false');
    expect(anna.textContent).toContain('has not asked for work yet');
  });

  it('lifts a paused profile\'s pause with "Resume now" once the person confirms, and shows it working again', async () => {
    renderRunView();
    const table = within(await screen.findByRole('table', { name: 'Profiles of the campaign' }));
    await table.findByText('The network showed a restriction warning');
    // Only the paused profile has the button.
    expect(
      table.getAllByRole('button', { name: /^Resume now: / }).map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Resume now: Bruno']);
    const resumes = () => requests.filter((r) => r.method === 'POST' && r.path === '/api/profiles/8/resume');
    const profileFetches = () => requests.filter((r) => r.path === '/api/campaigns/5/profiles').length;

    // The confirmation says plainly what a restriction is; keeping the pause sends nothing.
    await userEvent.click(table.getByRole('button', { name: 'Resume now: Bruno' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getByText('Resume Bruno now?')).toBeTruthy();
    expect(dialog.getByText(/because the network restricted or blocked it/).textContent).toContain(
      "A restriction is the network's warning that the account acted too fast or looked automated.",
    );
    expect(dialog.getByText(/the next pause is longer/)).toBeTruthy();
    await userEvent.click(dialog.getByRole('button', { name: 'Keep it paused' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(resumes()).toHaveLength(0);

    // A refusal stays in the dialog; the pause shows as it was.
    resumeAnswer = () => json(404, { error: { code: 'NOT_FOUND', message: 'Profile 8 not found.' } });
    await userEvent.click(table.getByRole('button', { name: 'Resume now: Bruno' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Resume the profile' }),
    );
    expect((await screen.findByTestId('dialog-error')).textContent).toContain('Profile 8 not found.');
    expect(table.getByText('Bruno').closest('tr')?.getAttribute('data-paused')).toBe('true');

    // Confirmed: the pause is lifted and the states fetched again.
    resumeAnswer = () => {
      brunoPausedUntil = null;
      return json(200, { id: 8, pausedUntil: null });
    };
    const before = profileFetches();
    await userEvent.click(screen.getByRole('button', { name: 'Resume the profile' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(resumes()).toHaveLength(2);
    await waitFor(() => expect(profileFetches()).toBeGreaterThan(before));
    await waitFor(() =>
      expect(table.getByText('Bruno').closest('tr')?.getAttribute('data-paused')).toBe('false'),
    );
    expect(table.queryByRole('button', { name: 'Resume now: Bruno' })).toBeNull();
  });

  it('starts the campaign, follows status pushes, and opens BUY_LICENSE_POPUP on a 402', async () => {
    const { store } = renderRunView();
    await userEvent.click(await screen.findByRole('button', { name: 'Start' }));
    await waitFor(() => expect(screen.getByTestId('campaign-status').textContent).toBe('Running'));
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();

    await push('campaign-status-update', { campaignId: 5, status: 'stopped' });
    expect(screen.getByTestId('campaign-status').textContent).toBe('Stopped');
    startAnswer = () =>
      json(402, {
        error: { code: 'PAYMENT_REQUIRED', message: 'Starting a campaign needs a valid licence' },
      });
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(store.get(popupsAtom).BUY_LICENSE_POPUP).toBe(true));
    expect(screen.getByTestId('campaign-status').textContent).toBe('Stopped');
  });

  it('opens TRAFFIC_ENDED_POPUP instead of starting when no traffic is left', async () => {
    remainingTraffic = '0';
    const { store } = renderRunView();
    const start = await screen.findByRole('button', { name: 'Start' });
    await waitFor(() => expect(requests.some((r) => r.path === '/api/traffic')).toBe(true));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
    await userEvent.click(start);
    expect(store.get(popupsAtom).TRAFFIC_ENDED_POPUP).toBe(true);
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });
  it('shows each A/B test with its versions\' replies, and "Keep" makes one version the step\'s text', async () => {
    const steps = [
      { type: 'friendRequest' as const },
      { type: 'welcomeMessage' as const, template: 'Hi {firstName}', abVariants: ['Hello {firstName}!'] },
    ];
    requests.length = 0;
    vi.stubGlobal(
      'fetch',
      routeFetch(
        {
          'GET /api/campaigns/5': () => json(200, makeCampaign(5, { steps })),
          'GET /api/campaigns/5/profiles': () => json(200, []),
          'GET /api/campaigns/5/funnel': () => json(200, funnel),
          'GET /api/campaigns/5/variants': () =>
            json(200, [
              {
                step: 'welcomeMessage',
                label: 'Welcome message',
                stepIndex: 1,
                versions: [
                  {
                    variant: 'A',
                    template: 'Hi {firstName}',
                    sent: 1200,
                    replied: 120,
                    positive: 40,
                    replyRate: 0.1,
                  },
                  {
                    variant: 'B',
                    template: 'Hello {firstName}!',
                    sent: 1190,
                    replied: 238,
                    positive: 90,
                    replyRate: 0.2,
                  },
                ],
              },
            ]),
          'GET /api/campaigns/5/logs': () => json(200, { logs: [], hasMore: false }),
          'GET /api/collections': () => json(200, [makeCollection(3, 'Spring leads')]),
          'PATCH /api/campaigns/5': (r) => json(200, { ...makeCampaign(5), ...(r.body as object) }),
        },
        requests,
      ),
    );
    renderRunView();
    const test = await screen.findByTestId('ab-test');
    const rows = within(test).getAllByTestId('ab-version');
    expect(rows.map((r) => r.getAttribute('data-variant'))).toEqual(['A', 'B']);
    expect(within(rows[0] as HTMLElement).getByText('1,200')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByTestId('ab-reply-rate').textContent).toBe('20%');
    await userEvent.click(screen.getByRole('button', { name: 'Keep version B of the welcome message' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PATCH')).toBe(true));
    const patch = requests.find((r) => r.method === 'PATCH');
    expect((patch?.body as { steps?: unknown } | undefined)?.steps).toEqual([
      { type: 'friendRequest' },
      { type: 'welcomeMessage', template: 'Hello {firstName}!' },
    ]);
  });
});
