import { ChakraProvider } from '@chakra-ui/react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { Toaster } from '../components/toaster.tsx';
import { system } from '../theme.ts';

/**
 * What a screen needs around it in a test: Chakra, TanStack Query, a jotai store (pass one to read
 * the popups) and the page's toaster (so toasts can be read).
 */
export function withApp(client: QueryClient, store = createStore()) {
  return ({ children }: { children: ReactNode }) => (
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        <JotaiProvider store={store}>
          {children}
          <Toaster />
        </JotaiProvider>
      </QueryClientProvider>
    </ChakraProvider>
  );
}
