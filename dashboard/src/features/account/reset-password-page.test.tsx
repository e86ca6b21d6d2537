import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Suspense, use } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import { withApp } from '../../test-support/with-app.tsx';
import ResetPasswordPage from './reset-password-page.tsx';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

/** Suspends once (as the page's lazy chunk or a slow sibling may), so that React throws the first render away. */
const later = new Promise<void>((resolve) => setTimeout(resolve, 10));
function SlowSibling() {
  use(later);
  return null;
}

function renderAt(address: string) {
  window.history.replaceState(null, '', address);
  const Providers = withApp(new QueryClient());
  render(
    <Providers>
      <MemoryRouter>
        <Suspense fallback="Loading">
          <ResetPasswordPage />
          <SlowSibling />
        </Suspense>
      </MemoryRouter>
    </Providers>,
  );
}

it("shows the new-password form for the mail's link, and takes the token out of the address bar", async () => {
  renderAt('/reset-password?token=abc123&from=mail');
  expect(await screen.findByRole('button', { name: 'Set the new password' })).toBeTruthy();
  expect(screen.queryByText('This page needs the link from the reset mail.')).toBeNull();
  await waitFor(() => expect(window.location.search).toBe('?from=mail'));
});

it('asks for a new link when the address has no token', async () => {
  renderAt('/reset-password');
  expect(await screen.findByText('This page needs the link from the reset mail.')).toBeTruthy();
  expect(screen.getByText('Ask for a new link')).toBeTruthy();
});
