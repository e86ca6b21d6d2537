import { createSystem } from '@chakra-ui/react';
import { systemConfigs } from './theme-steps.ts';

export { UNUSED_PALETTES } from './theme-config.ts';

// Chakra's base and theme configs (theme-config.ts), not its `defaultConfig`: that is these two
// merged, but the module that exports it also builds Chakra's own default system when it is
// evaluated, and the page built every token's CSS twice at start-up. A module of its own, apart from
// the configuration: the start-up evaluates Chakra's modules, merges the configs and builds the token
// dictionary (theme-steps.ts, in the build), then, each in another task, makes the system (main.tsx).
export const system = createSystem(...systemConfigs());
