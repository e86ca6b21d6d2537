import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '../../components/toaster.tsx';
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
 * "Import cookies" on the profiles screen, from the row's button to PUT /api/profiles/:id/cookies,
 * with fetch played by the test: what is sent, what the user reads, and that nothing is sent for
 * text that is no cookie list.
 */

/** What Cookie-Editor exports: extra keys, and null for what it does not know. */
const exported = [
  {
    domain: '.facebook.com',
    expirationDate: 1893456000.5,
    hostOnly: false,
    httpOnly: false,
    name: 'c_user',
    path: '/',
    sameSite: 'no_restriction',
    secure: true,
    session: false,
    storeId: null,
    value: '100012345',
  },
  {
    domain: '.facebook.com',
    hostOnly: false,
    httpOnly: true,
    name: 'xs',
    path: '/',
    sameSite: null,
    secure: true,
    session: true,
    storeId: null,
    value: '33%3Aabc',
  },
];
/** The same cookies as sent: every key but the null ones. */
const sent = [
  { ...exported[0], storeId: undefined },
  { ...exported[1], sameSite: undefined, storeId: undefined },
].map((cookie) => JSON.parse(JSON.stringify(cookie)));

const PUT = 'PUT /api/profiles/7/cookies';
let requests: RecordedRequest[];
let putAnswer: () => Response;

beforeEach(() => {
  requests = [];
  putAnswer = () => json(200, { profileId: 7, count: 2, pendingCookiesAt: '2026-06-01T10:00:00.000Z' });
  vi.stubGlobal(
    'fetch',
    routeFetch(
      {
        'GET /api/profiles': () => json(200, profilesPage([makeProfile(7, 'Anna'), makeProfile(8, 'Bruno')])),
        [PUT]: () => putAnswer(),
      },
      requests,
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  // The page's toaster is one store for every test: start each with no toast.
  toaster.remove();
});

const puts = () => requests.filter((r) => `${r.method} ${r.path}` === PUT);

/** The profiles screen, with Anna's "Import cookies" dialog open. */
async function openImport() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  render(<ProfilesPage />, { wrapper: withApp(client) });
  await user.click(await screen.findByRole('button', { name: 'Import cookies for Anna' }));
  const dialog = await screen.findByTestId('import-cookies-dialog');
  expect(within(dialog).getByRole('heading', { name: 'Import cookies for Anna' })).toBeTruthy();
  const textarea = within(dialog).getByRole('textbox', { name: 'Cookies (JSON)' }) as HTMLTextAreaElement;
  const paste = async (text: string) => {
    await user.clear(textarea);
    await user.click(textarea);
    await user.paste(text);
  };
  const submit = () => user.click(within(dialog).getByRole('button', { name: 'Import cookies' }));
  const problems = () =>
    within(dialog)
      .queryAllByRole('listitem')
      .map((li) => li.textContent);
  return { user, dialog, textarea, paste, submit, problems };
}

describe('Import cookies', () => {
  it('sends the pasted cookies with PUT, toasts how many were stored and closes', async () => {
    const { paste, submit } = await openImport();
    await paste(JSON.stringify(exported, null, 2));
    await submit();
    await screen.findByText(
      "2 cookies stored; the desktop app imports them before the profile's browser next starts.",
    );
    expect(screen.getByText('Cookies stored for Anna')).toBeTruthy();
    expect(puts()).toHaveLength(1);
    expect(puts()[0]?.body).toEqual({ cookies: sent });
    await waitFor(() => expect(screen.queryByTestId('import-cookies-dialog')).toBeNull());
  });

  it('sends nothing for text that is not JSON, and says so next to the text', async () => {
    const { paste, submit, problems, textarea } = await openImport();
    await paste('[{"name": "c_user", "value": ');
    await submit();
    await waitFor(() => expect(problems()).toHaveLength(1));
    expect(problems()[0]).toMatch(/^This is not JSON: .+/);
    expect(textarea.getAttribute('aria-invalid')).toBe('true');
    expect(puts()).toEqual([]);
    // Typing again clears the complaint.
    await paste('[]');
    expect(problems()).toEqual([]);
    await submit();
    await waitFor(() => expect(problems()).toEqual(['The list holds no cookies.']));
    expect(puts()).toEqual([]);
  });

  it('checks each cookie with the shared schema before sending, one readable line per problem', async () => {
    const { paste, submit, problems } = await openImport();
    await paste(
      JSON.stringify([exported[0], { name: 'xs', value: 'v' }, { ...exported[0], sameSite: 'sometimes' }]),
    );
    await submit();
    await waitFor(() => expect(problems()).toHaveLength(2));
    expect(problems()[0]).toBe('Cookie 2: domain — Invalid input: expected string, received undefined');
    expect(problems()[1]).toMatch(/^Cookie 3: sameSite — Invalid option/);
    expect(puts()).toEqual([]);
  });

  it("shows the server's 400 details next to the text and keeps the dialog open", async () => {
    putAnswer = () =>
      json(400, {
        error: {
          code: 'VALIDATION_ERROR',
          message: 'cookies.1.value: text must not contain NUL characters',
          details: [
            {
              path: ['cookies', '1', 'value'],
              code: 'invalid_string',
              message: 'text must not contain NUL characters',
            },
            {
              path: ['cookies', '3', 'domain'],
              code: 'too_small',
              message: 'cookies.3.domain: Too small: expected string to have >=1 characters',
            },
          ],
        },
      });
    const { paste, submit, problems, dialog } = await openImport();
    await paste(JSON.stringify({ cookies: exported }));
    await submit();
    await waitFor(() =>
      expect(problems()).toEqual([
        'Cookie 2: value — text must not contain NUL characters',
        'Cookie 4: domain — Too small: expected string to have >=1 characters',
      ]),
    );
    expect(puts()).toHaveLength(1);
    expect(dialog.isConnected).toBe(true);
  });

  it('says a 413 is too many cookies at once, and shows other refusals above the form', async () => {
    putAnswer = () =>
      json(413, { error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' } });
    const { paste, submit, problems, dialog } = await openImport();
    await paste(JSON.stringify(exported));
    await submit();
    await waitFor(() => expect(problems()).toEqual(['Too many cookies at once (limit 512 KB)']));

    putAnswer = () => json(404, { error: { code: 'NOT_FOUND', message: 'Profile 7 not found.' } });
    await submit();
    await waitFor(() =>
      expect(within(dialog).getByTestId('import-cookies-error').textContent).toContain(
        'Profile 7 not found.',
      ),
    );
    expect(puts()).toHaveLength(2);
  });

  it('reads a picked .json file into the text, and sends its cookies', async () => {
    const { user, dialog, textarea, submit } = await openImport();
    const text = JSON.stringify({ cookies: exported });
    const file = new File([text], 'facebook-cookies.json', { type: 'application/json' });
    await user.upload(within(dialog).getByTestId('import-cookies-file') as HTMLInputElement, file);
    await waitFor(() => expect(textarea.value).toBe(text));
    await submit();
    await screen.findByText(
      "2 cookies stored; the desktop app imports them before the profile's browser next starts.",
    );
    expect(puts()[0]?.body).toEqual({ cookies: sent });
  });
});
