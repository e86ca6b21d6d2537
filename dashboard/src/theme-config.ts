import { defineConfig } from '@chakra-ui/react';
import { defaultThemeConfig } from '@chakra-ui/react/theme';
import { BREAKPOINTS, SNACKBAR_Z_INDEX, THEME } from '@reachly/shared/constants';
import { boardGlobalCss } from './features/board/components/board-styles.ts';

const px = (n: number) => `${n}px`;

/**
 * Chakra's colour palettes that nothing in the dashboard uses: their tokens (27 a palette, light and
 * dark) are left out, so the start-up builds and inserts a fifth fewer CSS variables. theme.test.ts
 * fails when a source file names one of them.
 */
export const UNUSED_PALETTES: readonly string[] = ['yellow', 'teal', 'cyan', 'pink'];

const withoutUnusedPalettes = <T extends object>(colors: T | undefined): T =>
  Object.fromEntries(Object.entries(colors ?? {}).filter(([name]) => !UNUSED_PALETTES.includes(name))) as T;

const baseTheme = defaultThemeConfig.theme ?? {};
export const themeConfig = defineConfig({
  ...defaultThemeConfig,
  theme: {
    ...baseTheme,
    tokens: { ...baseTheme.tokens, colors: withoutUnusedPalettes(baseTheme.tokens?.colors) },
    semanticTokens: {
      ...baseTheme.semanticTokens,
      colors: withoutUnusedPalettes(baseTheme.semanticTokens?.colors),
    },
  },
});

/** Chakra theme of spec §9: primary green, Roboto, breakpoints xs 0 / sm 600 / md 900 / lg 1200 / xl 1536. */
export const config = defineConfig({
  globalCss: {
    html: { colorPalette: THEME.primary },
    body: { fontFamily: 'body' },
    // The board's classes: written to the theme's stylesheet at build time, none computed in the page.
    ...boardGlobalCss,
  },
  theme: {
    // xs is Chakra's `base` (0 px).
    breakpoints: {
      sm: px(BREAKPOINTS.sm),
      md: px(BREAKPOINTS.md),
      lg: px(BREAKPOINTS.lg),
      xl: px(BREAKPOINTS.xl),
    },
    tokens: {
      fonts: { heading: { value: THEME.fonts.heading }, body: { value: THEME.fonts.body } },
      zIndex: { toast: { value: SNACKBAR_Z_INDEX } },
    },
    semanticTokens: {
      colors: {
        // Light mode: Chakra's green.600 under white text is 3.3:1, green.700 reaches WCAG AA (4.5:1);
        // orange.600 under white is 3.6:1 (the "Reconnecting…" badge, a paused profile), orange.700 passes, in both modes.
        // red.500 error text on white is 3.8:1, red.700 passes AA. Dark mode: the 300 shades on the
        // dark panels pass AA (Chakra's own dark values).
        fg: { error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } } },
        green: {
          solid: { value: '{colors.green.700}' },
          emphasized: { value: { _light: '{colors.green.300}', _dark: '{colors.green.700}' } },
          fg: { value: { _light: '{colors.green.800}', _dark: '{colors.green.300}' } },
        },
        orange: { solid: { value: '{colors.orange.700}' } },
      },
    },
  },
});
