import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { system, UNUSED_PALETTES } from './theme.ts';

/** The dashboard's and shared's source files, tests aside. */
function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));
}

describe('theme', () => {
  it('leaves out only the colour palettes no source file names', () => {
    const files = [
      ...sources(path.resolve(__dirname)),
      ...sources(path.resolve(__dirname, '../../shared/src')),
    ];
    // A palette named as a string: colorPalette="teal", 'teal', "teal.subtle".
    const named = new RegExp(`['"\`](${UNUSED_PALETTES.join('|')})(\\.[a-z0-9]+)?['"\`]`);
    const users = files.filter((file) => named.test(readFileSync(file, 'utf8')));
    expect(users).toEqual([path.resolve(__dirname, 'theme-config.ts')]);
  });

  it('keeps the palettes in use, light and dark', () => {
    for (const palette of ['gray', 'red', 'orange', 'green', 'blue', 'purple']) {
      expect(system.token(`colors.${palette}.500`), palette).toBeTruthy();
      expect(system.tokens.getByName(`colors.${palette}.solid`), palette).toBeTruthy();
    }
    for (const palette of UNUSED_PALETTES) expect(system.token(`colors.${palette}.500`)).toBeUndefined();
  });
});
