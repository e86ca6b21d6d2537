import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { AfterFirstPaint } from './components/after-first-paint.tsx';
import { ColorModeProvider } from './components/color-mode.tsx';
import { LoadingState } from './components/loading-state.tsx';
import { Toaster } from './components/toaster.tsx';
import { queryClient } from './lib/page-query-client.ts';
import { router } from './routes.tsx';
import { SessionProvider } from './session/session-provider.tsx';
import { inDesktopApp, inStandaloneMode } from './shell/environment.ts';
import { system } from './theme.ts';

/**
 * The page-level app wrapper (spec §2 registers it for '/_app'): theme and colour mode (light, dark
 * or the system's), server state, client state, session. Outside the desktop app and standalone mode the session provider refetches neither on
 * an interval nor on focus (spec §2); inside them it keeps the defaults of spec §9.
 */
export function App() {
  const appMode = inDesktopApp() || inStandaloneMode();
  return (
    <ChakraProvider value={system}>
      <ColorModeProvider>
        <QueryClientProvider client={queryClient}>
          <JotaiProvider>
            <SessionProvider refetchOnWindowFocus={appMode} refetchInterval={0}>
              <Suspense fallback={<LoadingState />}>
                <RouterProvider router={router} />
              </Suspense>
              <AfterFirstPaint>
                <Toaster />
              </AfterFirstPaint>
            </SessionProvider>
          </JotaiProvider>
        </QueryClientProvider>
      </ColorModeProvider>
    </ChakraProvider>
  );
}
