import { createSystem, defaultBaseConfig } from '@chakra-ui/react';
import { config, themeConfig } from './theme-config.ts';

export { UNUSED_PALETTES } from './theme-config.ts';

// Chakra's `defaultConfig` is these two merged, but the module that exports it also builds Chakra's
// own default system when it is evaluated: the page built every token's CSS twice at start-up.
// A module of its own, apart from the configuration (theme-config.ts): the start-up evaluates
// Chakra's modules and then, in another task, builds the system (main.tsx).
export const system = createSystem(defaultBaseConfig, themeConfig, config);
