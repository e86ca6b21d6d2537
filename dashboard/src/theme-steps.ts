import { createSystem, defaultBaseConfig } from '@chakra-ui/react';
import { config, themeConfig } from './theme-config.ts';

/**
 * What the build's copy of Chakra's createSystem adds (vite.config.ts): its two longest steps apart,
 * each to be run in a task of its own before the system is made (main.tsx). Published Chakra (the
 * development server, the tests, the build's own run of the theme for its stylesheet) has none:
 * then the theme is made in one call, as before.
 */
interface SystemSteps {
  /** The configs merged as createSystem merges them, marked so that createSystem takes them as they are. */
  merge(...configs: object[]): object;
  /** The merged config's token dictionary, built as createSystem builds it, for createSystem to take. */
  tokens(merged: object): void;
}

const steps = (createSystem as unknown as { steps?: SystemSteps }).steps;
let merged: object | null = null;

/** Step 1: Chakra's base, its theme (less the unused palettes) and ours merged (a deep copy of each). */
export function mergeTheme(): void {
  if (steps && !merged) merged = steps.merge(defaultBaseConfig, themeConfig, config);
}

/** Step 2: the token dictionary (every token, its CSS variable, its light and dark values). */
export function buildThemeTokens(): void {
  if (steps && merged) steps.tokens(merged);
}

/** What theme.ts gives createSystem: the merged config once step 1 has run, else the three configs. */
export function systemConfigs(): Parameters<typeof createSystem> {
  return merged ? [merged as Parameters<typeof createSystem>[0]] : [defaultBaseConfig, themeConfig, config];
}
