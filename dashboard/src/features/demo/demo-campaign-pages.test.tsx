import { LOCAL_STORAGE_KEYS } from '@reachly/shared/constants';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CampaignRunPage from '../campaigns/campaign-run-page.tsx';
import CampaignsListPage from '../campaigns/campaigns-list-page.tsx';
import { withApp } from '../campaigns/test-support/campaign-fixtures.tsx';
import { demoDataset, resetDemoBackend } from './demo-backend.ts';

/**
 * The campaign screens in demo mode: the real pages and the real api() client, answered by the
 * demo backend in the page. No request may reach the network.
 */

const fetchSpy = vi.fn(() => Promise.reject(new Error('demo mode must not fetch')));

beforeEach(() => {
  resetDemoBackend({ latencyMs: 0 });
  localStorage.setItem(LOCAL_STORAGE_KEYS.isDemo, 'true');
  fetchSpy.mockClear();
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => {
  localStorage.removeItem(LOCAL_STORAGE_KEYS.isDemo);
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Wrapper = withApp(client);
  render(
    <Wrapper>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/campaigns" element={<CampaignsListPage />} />
          <Route path="/campaigns/:campaignId" element={<CampaignRunPage />} />
        </Routes>
      </MemoryRouter>
    </Wrapper>,
  );
}

describe('the campaign screens in demo mode', () => {
  it('list the sample campaigns with their collections, and pause one', async () => {
    renderAt('/campaigns');
    const rows = await screen.findAllByTestId('campaign-row');
    expect(rows.map((r) => within(r).getByTestId('campaign-status').getAttribute('data-status'))).toEqual([
      'draft',
      'paused',
      'running',
    ]);
    const running = rows[2] as HTMLElement;
    expect(within(running).getByText('Austin realtors: intro and follow-up')).toBeTruthy();
    await waitFor(() => expect(within(running).getByText('Austin realtors')).toBeTruthy());
    expect(within(rows[1] as HTMLElement).getByText('Yoga studio owners')).toBeTruthy();

    await userEvent.click(
      within(running).getByRole('button', { name: 'Pause Austin realtors: intro and follow-up' }),
    );
    await waitFor(() =>
      expect(within(running).getByTestId('campaign-status').getAttribute('data-status')).toBe('paused'),
    );
    expect(demoDataset().campaigns.find((c) => c.id === 1)?.status).toBe('paused');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('show the run view of the running campaign: results, profiles, notices and its log', async () => {
    renderAt('/campaigns/1');
    await screen.findByRole('heading', { name: 'Austin realtors: intro and follow-up' });
    await waitFor(() => expect(screen.getAllByTestId('log-row')).toHaveLength(50));
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();

    const notice = await screen.findByTestId('notice');
    expect(notice.getAttribute('data-level')).toBe('danger');
    expect(notice.textContent).toContain('after a RESTRICTION signal');

    const profiles = await screen.findAllByTestId('campaign-profile-row');
    expect(profiles).toHaveLength(3);
    expect(profiles.filter((r) => r.getAttribute('data-paused') === 'true')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('acceptance-rate').textContent).toMatch(/^\d+(\.\d+)?%$/));
    expect(within(screen.getByTestId('chart-requests')).getByRole('img').textContent).toContain(
      'Requests sent per day',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('log-row').length).toBeGreaterThan(50));
    const ids = screen.getAllByTestId('log-row').map((r) => Number(r.getAttribute('data-log-id')));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(screen.getByTestId('campaign-status').textContent).toBe('Paused'));
    expect(screen.getByRole('button', { name: 'Resume' })).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
