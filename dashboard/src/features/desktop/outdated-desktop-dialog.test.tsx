import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { system } from '../../theme.ts';

const env = vi.hoisted(() => ({ desktop: true, local: false }));
vi.mock('../../shell/environment.ts', () => ({
  inDesktopApp: () => env.desktop,
  onLocalHost: () => env.local,
  inStandaloneMode: () => false,
}));

const { OutdatedDesktopDialog } = await import('./outdated-desktop-dialog.tsx');

const user = {
  id: 1,
  email: 'ann@example.com',
  data: { email: 'ann@example.com' },
  accessToken: 'tok',
  isBanned: false,
  organizationId: 1,
  license: { plan: 'trial', isTrial: true, licenseTill: '2100-01-01T00:00:00.000Z' },
  areProfilesGiven: false,
  paymentTexts: [],
  offeredDesktopVersion: '1.4.0' as string | null,
};
let installedVersion: string;
let machinePatches: unknown[];
let bridgeAsks: number;

function answerMachineData(event: Event) {
  bridgeAsks += 1;
  const { requestId } = (event as CustomEvent<{ requestId: string }>).detail;
  window.dispatchEvent(
    new CustomEvent('reachly-get-machine-data-result', {
      detail: {
        requestId,
        ok: true,
        machineId: 'machine-7',
        reachlyVersion: installedVersion,
        extensionVersion: '0.9.0',
        platform: 'linux',
        OS: 'Ubuntu 24.04',
      },
    }),
  );
}

beforeEach(() => {
  env.desktop = true;
  env.local = false;
  installedVersion = '1.3.9';
  user.offeredDesktopVersion = '1.4.0';
  machinePatches = [];
  bridgeAsks = 0;
  window.addEventListener('reachly-get-machine-data', answerMachineData);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (url === '/api/user') return Response.json(user);
    // The download section offers only what the server has published (asked first).
    if (url === '/api/downloads') return Response.json({ available: ['linux', 'windows'] });
    if (url === '/api/user/machineData' && init.method === 'PATCH') {
      machinePatches.push(JSON.parse(String(init.body)));
      return Response.json({ ok: true });
    }
    return new Response('not found', { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  window.removeEventListener('reachly-get-machine-data', answerMachineData);
  vi.unstubAllGlobals();
});

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        <OutdatedDesktopDialog />
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

describe('OutdatedDesktopDialog', () => {
  it('sends the machine data and blocks an older desktop app with the download of the latest version', async () => {
    renderDialog();
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Your desktop app is version 1.3.9; version 1.4.0 is out.');
    expect(await screen.findByText(/We're guessing you're on .+ platform\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    await waitFor(() =>
      expect(machinePatches).toEqual([
        {
          machineId: 'machine-7',
          reachlyVersion: '1.3.9',
          extensionVersion: '0.9.0',
          platform: 'linux',
          OS: 'Ubuntu 24.04',
        },
      ]),
    );
  });

  it('shows nothing when the desktop app is current, but still reports the machine', async () => {
    installedVersion = '1.4.0';
    renderDialog();
    await waitFor(() => expect(machinePatches).toHaveLength(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('never shows on a local host, not even on reachly-show-update-alert', async () => {
    env.local = true;
    renderDialog();
    await waitFor(() => expect(machinePatches).toHaveLength(1));
    act(() => {
      window.dispatchEvent(
        new CustomEvent('reachly-show-update-alert', { detail: { offeredVersion: '2.0.0' } }),
      );
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('does not ask the bridge outside the desktop app, and opens on reachly-show-update-alert', async () => {
    env.desktop = false;
    renderDialog();
    await new Promise((r) => setTimeout(r, 50));
    expect(bridgeAsks).toBe(0);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    act(() => {
      window.dispatchEvent(
        new CustomEvent('reachly-show-update-alert', { detail: { offeredVersion: '2.0.0' } }),
      );
    });
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Your desktop app is out of date.');
  });
});
