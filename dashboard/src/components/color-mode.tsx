import { ThemeProvider } from 'next-themes';
import type { ReactNode } from 'react';

/**
 * Light and dark colour mode the Chakra v3 way (its color-mode snippet on next-themes): a `light` or
 * `dark` class on <html> drives every semantic token; "system" follows prefers-color-scheme. The
 * choice is kept in localStorage under COLOR_MODE_STORAGE_KEY, across reloads; public/color-mode.js
 * reads it before the first paint.
 */
export const COLOR_MODE_STORAGE_KEY = 'reachly-color-mode';

export function ColorModeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider
      attribute="class"
      defaultTheme="system"
      enableSystem
      disableTransitionOnChange
      storageKey={COLOR_MODE_STORAGE_KEY}
    >
      {children}
    </ThemeProvider>
  );
}
