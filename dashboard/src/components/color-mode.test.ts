import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { COLOR_MODE_STORAGE_KEY } from './color-mode.tsx';

/** public/color-mode.js: the stored colour mode on <html> before the app's script has loaded. */
const source = readFileSync(path.join(import.meta.dirname, '../../public/color-mode.js'), 'utf8');
const runEarlyScript = () => new Function(source)();
const html = document.documentElement;

afterEach(() => {
  localStorage.clear();
  html.className = '';
  html.style.colorScheme = '';
});

describe('the early colour-mode script', () => {
  it("reads the app's storage key", () => {
    expect(source).toContain(`'${COLOR_MODE_STORAGE_KEY}'`);
  });

  it('paints dark for a stored "dark", light for "light", and the system\'s mode otherwise', () => {
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'dark');
    runEarlyScript();
    expect([html.className, html.style.colorScheme]).toEqual(['dark', 'dark']);

    html.className = '';
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'light');
    runEarlyScript();
    expect(html.className).toBe('light');

    html.className = '';
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'system');
    runEarlyScript();
    const systemDark = matchMedia('(prefers-color-scheme: dark)').matches;
    expect(html.className).toBe(systemDark ? 'dark' : 'light');
  });
});
