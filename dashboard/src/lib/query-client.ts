import { LOCAL_STORAGE_KEYS } from '@reachly/shared/constants';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { signInRedirectUrl } from '../session/session-client.ts';
import { ApiError } from './api.ts';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** Title of the error toast; without it the failure is left to the caller (spec §8 lists which are silent). */
      errorTitle?: string;
    };
  }
}

function redirectOnUnauthorized(error: unknown): boolean {
  if (error instanceof ApiError && error.status === 401) {
    window.location.assign(signInRedirectUrl());
    return true;
  }
  return false;
}

/**
 * One place for failures (STYLE.md): 401 → the sign-in page; a failed mutation with an errorTitle
 * shows a toast carrying the server's message. Failed list fetches are not toasted (spec §8: they
 * are swallowed; the list shows its error state).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: redirectOnUnauthorized }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (redirectOnUnauthorized(error)) return;
        const title = mutation.meta?.errorTitle;
        // The toaster (Chakra's) is loaded when first needed: this module is on the start-up's path.
        if (title)
          void import('../components/toaster.tsx').then(({ toastError }) => toastError(title, error));
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
}

/**
 * What sign-out leaves behind of the user: nothing. Every cached answer goes (no later screen can
 * show it), and the stored state that names the user's data (session storage, the open collection).
 * The visitor's guest id and visit stamp stay: they name the browser, not the user.
 */
export function clearPrivateState(client: QueryClient): void {
  client.cancelQueries();
  client.clear();
  try {
    sessionStorage.clear();
    localStorage.removeItem(LOCAL_STORAGE_KEYS.currentCollection);
  } catch {
    // storage unavailable: nothing was kept there either
  }
}
