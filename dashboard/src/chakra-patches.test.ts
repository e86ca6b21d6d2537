import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createSystem, defaultBaseConfig, type SystemContext } from '@chakra-ui/react';
import { afterAll, describe, expect, it } from 'vitest';
import { patchChakraSystem, patchChakraUnit } from '../chakra-patches.ts';
import { config, themeConfig } from './theme-config.ts';

/**
 * The build's copy of Chakra (chakra-patches.ts, applied by vite.config.ts) against Chakra as
 * published, on the dashboard's own theme: createSystem in steps (the configs merged, the token
 * dictionary built, each in a task of its own at start-up: theme-steps.ts) must make the same system
 * as one call, and getUnit with its expression compiled once must answer as the published one. The
 * patched modules are written beside Chakra's own (their relative imports resolve as the originals')
 * under names of this run, and removed afterwards.
 */

const styledSystem = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@chakra-ui/react/package.json')),
  'dist/esm/styled-system',
);
const written: string[] = [];
afterAll(() => {
  for (const file of written) rmSync(file, { force: true });
});

/** Chakra's module `name` with `patch` applied, imported from a copy beside the original. */
async function patched<T>(name: string, patch: (code: string, id: string) => string): Promise<T> {
  const original = path.join(styledSystem, `${name}.js`);
  const copy = path.join(styledSystem, `${name}.reachly-test-${process.pid}.js`);
  writeFileSync(copy, patch(readFileSync(original, 'utf8'), original));
  written.push(copy);
  return (await import(/* @vite-ignore */ copy)) as T;
}

interface Steps {
  merge(...configs: object[]): object;
  tokens(merged: object): void;
}

/** What a system is made of, as plain data: every token, its CSS variable and value, and the global CSS. */
function contents(system: SystemContext) {
  return {
    tokens: system.tokens.allTokens.map((token) => ({
      name: token.name,
      value: token.value,
      originalValue: token.originalValue,
      cssVar: token.extensions.cssVar,
      conditions: token.extensions.conditions,
    })),
    cssVarMap: Object.fromEntries(
      [...system.tokens.cssVarMap].map(([condition, vars]) => [condition, Object.fromEntries(vars)]),
    ),
    breakpoints: system.breakpoints.keys(),
    conditions: system.conditions.keys(),
    global: JSON.stringify(system._global),
    css: system.css({ color: 'blue.solid', px: '4', _hover: { bg: 'gray.subtle' }, md: { fontSize: 'lg' } }),
  };
}

describe("the build's copy of Chakra", () => {
  it('makes the same system in steps as createSystem in one call', async () => {
    const module = await patched<{ createSystem: typeof createSystem & { steps: Steps } }>(
      'system',
      (code, id) => patchChakraSystem(code, id, { globals: true }),
    );
    const { steps } = module.createSystem;
    const merged = steps.merge(defaultBaseConfig, themeConfig, config);
    steps.tokens(merged);
    const inSteps = module.createSystem(merged as Parameters<typeof createSystem>[0]);
    const inOne = createSystem(defaultBaseConfig, themeConfig, config);
    const expected = contents(inOne);
    expect(expected.tokens.length).toBeGreaterThan(500);
    expect(expected.global).toContain('--chakra-colors-blue-solid');
    expect(contents(inSteps)).toEqual(expected);
  });

  it('finds the units getUnit found, with its expression compiled once', async () => {
    const published = await import(/* @vite-ignore */ path.join(styledSystem, 'unit-conversion.js'));
    const copy = await patched<typeof published>('unit-conversion', patchChakraUnit);
    const values = [
      '',
      '0',
      '12px',
      '-1.5rem',
      '2em',
      '.5em',
      '10',
      'calc(1px + 2rem)',
      '3vh',
      '1.25REM',
      'px',
    ];
    for (const value of values) expect(copy.getUnit(value), value).toBe(published.getUnit(value));
    expect(copy.toRem('24px')).toBe(published.toRem('24px'));
    expect(copy.toPx('1.5rem')).toBe(published.toPx('1.5rem'));
  });
});
