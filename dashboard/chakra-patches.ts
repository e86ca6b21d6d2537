/**
 * The build's copy of two Chakra modules (vite.config.ts applies these in `vite build` alone; the
 * development server and the tests run Chakra as published). Each replacement must find its text
 * exactly once, or the build fails: an upgrade of Chakra that moves the code is found at once, and
 * chakra-patches.test.ts checks that the patched modules still make the same theme.
 */

/** Chakra's createSystem builds the global CSS objects at once; in the build's copy it builds none. */
export const CHAKRA_SYSTEM_FILE =
  /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const CHAKRA_GLOBAL_LINE = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';

/**
 * Chakra's `getUnit` (styled-system/unit-conversion.js) compiles three regular expressions on every
 * call; the theme's token dictionary calls it for each size, spacing, font size and radius token at
 * start-up, and style props call it while rendering. The build's copy uses one expression compiled
 * once: the same pattern (the digits' source, then the units' group), without a global flag, so
 * every call matches as before.
 */
export const CHAKRA_UNIT_FILE =
  /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]unit-conversion\.js$/;
const CHAKRA_GET_UNIT = `function getUnit(value = "") {
  const DIGIT_REGEX = new RegExp(String.raw\`-?\\d+(?:\\.\\d+|\\d*)\`);
  const UNIT_REGEX = new RegExp(\`\${UNIT_PX}|\${UNIT_EM}|\${UNIT_REM}\`);
  const unit = value.match(
    new RegExp(\`\${DIGIT_REGEX.source}(\${UNIT_REGEX.source})\`)
  );
  return unit?.[1];
}`;
const CHAKRA_GET_UNIT_ONCE = `const UNIT_VALUE_REGEX = new RegExp(String.raw\`-?\\d+(?:\\.\\d+|\\d*)(\${UNIT_PX}|\${UNIT_EM}|\${UNIT_REM})\`);
function getUnit(value = "") {
  const unit = value.match(UNIT_VALUE_REGEX);
  return unit?.[1];
}`;

/**
 * createSystem in steps (the build's copy): the configs merged, then the token dictionary, each in a
 * task of its own before the system is made of them (src/theme-steps.ts), instead of one long task.
 * `createSystem.steps.merge(...configs)` merges as createSystem does and marks the result;
 * `createSystem.steps.tokens(merged)` builds its dictionary as createSystem does (same arguments,
 * same defaults); `createSystem(merged)` then takes both as they are. Any other call is unchanged.
 */
const CHAKRA_CREATE_SYSTEM = `function createSystem(...configs) {
  const config = mergeConfigs(...configs);`;
const CHAKRA_CREATE_SYSTEM_STEPS = `const premergedConfigs = /* @__PURE__ */ new WeakSet();
const prebuiltTokens = /* @__PURE__ */ new WeakMap();
function createSystem(...configs) {
  const config = configs.length === 1 && premergedConfigs.has(configs[0]) ? configs[0] : mergeConfigs(...configs);`;
const CHAKRA_TOKENS_LINE = '  const tokens = createTokenDictionary({';
const CHAKRA_TOKENS_LINE_STEPS = '  const tokens = prebuiltTokens.get(config) ?? createTokenDictionary({';
const CHAKRA_SYSTEM_EXPORT = 'export { createSystem, isValidSystem };';
const CHAKRA_SYSTEM_EXPORT_STEPS = `createSystem.steps = {
  merge(...configs) {
    const config = mergeConfigs(...configs);
    premergedConfigs.add(config);
    return config;
  },
  tokens(config) {
    const { theme = {}, cssVarsPrefix = "chakra" } = config;
    prebuiltTokens.set(config, createTokenDictionary({
      breakpoints: theme.breakpoints,
      tokens: theme.tokens,
      semanticTokens: theme.semanticTokens,
      prefix: cssVarsPrefix
    }));
  }
};
${CHAKRA_SYSTEM_EXPORT}`;

/** Replaces `find`, which must be in `code` exactly once, in a file of a dependency (the build's copy). */
function patchOnce(code: string, id: string, find: string, replacement: string): string {
  if (code.split(find).length !== 2)
    throw new Error(`${id} no longer has the code vite.config.ts replaces:\n${find}`);
  return code.replace(find, () => replacement);
}

/** Chakra's styled-system/system.js as the build ships it: no global CSS objects, createSystem in steps. */
export function patchChakraSystem(code: string, id: string, { globals = false } = {}): string {
  let patched = globals ? code : patchOnce(code, id, CHAKRA_GLOBAL_LINE, 'const _global = [];');
  patched = patchOnce(patched, id, CHAKRA_CREATE_SYSTEM, CHAKRA_CREATE_SYSTEM_STEPS);
  patched = patchOnce(patched, id, CHAKRA_TOKENS_LINE, CHAKRA_TOKENS_LINE_STEPS);
  return patchOnce(patched, id, CHAKRA_SYSTEM_EXPORT, CHAKRA_SYSTEM_EXPORT_STEPS);
}

/** Chakra's styled-system/unit-conversion.js as the build ships it: getUnit's expression compiled once. */
export function patchChakraUnit(code: string, id: string): string {
  return patchOnce(code, id, CHAKRA_GET_UNIT, CHAKRA_GET_UNIT_ONCE);
}
