import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '../../components/toaster.tsx';
import { formatDateTime } from '../../lib/format.ts';
import ProfilesPage from './profiles-page.tsx';
import {
  json,
  makeProfile,
  profilesPage,
  type RecordedRequest,
  routeFetch,
  withApp,
} from './test-support/profiles-fixtures.tsx';

/**
 * A profile the network's restriction paused, on the profiles page (issue 14): until when and why,
 * and "Resume now" there too (it was only in a campaign's run view), asked first; once lifted, the
 * list is fetched again and shows the profile ready.
 */
const UNTIL = '2026-06-01T11:00:00.000Z';
let requests: RecordedRequest[];
let paused: boolean;

beforeEach(() => {
  requests = [];
  paused = true;
  vi.stubGlobal(
    'fetch',
    routeFetch(
      {
        'GET /api/profiles': () =>
          json(
            200,
            profilesPage([
              makeProfile(7, 'Anna', {
                isReady: true,
                ...(paused ? { pausedUntil: UNTIL, pauseReason: 'RESTRICTION: You are going too fast' } : {}),
              }),
              makeProfile(8, 'Bruno', { isReady: true }),
            ]),
          ),
        'POST /api/profiles/7/resume': () => {
          paused = false;
          return json(200, { id: 7, pausedUntil: null });
        },
      },
      requests,
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  toaster.remove();
});

const row = (name: string) =>
  screen.getAllByTestId('profile-row').find((r) => within(r).queryByText(name)) as HTMLElement;

describe('a paused profile on the profiles page', () => {
  it('says until when and why, and "Resume now" lifts the pause after asking', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const user = userEvent.setup();
    render(<ProfilesPage />, { wrapper: withApp(client) });
    await screen.findByText('Anna');
    const anna = row('Anna');
    expect(anna.dataset.paused).toBe('true');
    expect(anna.textContent).toContain(`Paused until ${formatDateTime(UNTIL)}`);
    expect(anna.textContent).toContain('RESTRICTION: You are going too fast');
    expect(anna.textContent).not.toContain('Ready');
    expect(row('Bruno').dataset.paused).toBe('false');
    expect(within(row('Bruno')).queryByRole('button', { name: /Resume now/ })).toBeNull();

    await user.click(within(anna).getByRole('button', { name: 'Resume now: Anna' }));
    const dialog = await screen.findByTestId('resume-profile-dialog');
    expect(dialog.textContent).toContain("A restriction is the network's warning");
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Resume the profile' }));
    await screen.findByText('Anna works again');
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/profiles/7/resume',
    ]);
    await waitFor(() => expect(row('Anna').dataset.paused).toBe('false'));
    expect(row('Anna').textContent).toContain('Ready');
  });
});
