import path from 'node:path';

/**
 * Which installed Chromium-family browser the agent launches profiles in (pure, `exists` injected):
 * CHROMIUM_PATH when set, else the usual places of Chromium, Google Chrome and, on Windows and
 * macOS, Microsoft Edge. Electron's own Chromium cannot be driven as a browser, so one must be installed.
 */

export interface ChromiumSearch {
  platform: string;
  env: Readonly<Record<string, string | undefined>>;
  homedir: string;
  exists: (file: string) => boolean;
}

function chromiumCandidates({ platform, env, homedir }: Omit<ChromiumSearch, 'exists'>): string[] {
  if (platform === 'win32') {
    const roots = [env.LOCALAPPDATA, env.PROGRAMFILES, env['PROGRAMFILES(X86)']].filter(
      (root): root is string => Boolean(root),
    );
    const apps = [
      'Chromium\\Application\\chrome.exe',
      'Google\\Chrome\\Application\\chrome.exe',
      'Microsoft\\Edge\\Application\\msedge.exe',
    ];
    return apps.flatMap((app) => roots.map((root) => path.win32.join(root, app)));
  }
  if (platform === 'darwin') {
    const apps = [
      'Chromium.app/Contents/MacOS/Chromium',
      'Google Chrome.app/Contents/MacOS/Google Chrome',
      'Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
    ];
    return apps.flatMap((app) => [
      path.posix.join('/Applications', app),
      path.posix.join(homedir, 'Applications', app),
    ]);
  }
  return [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/snap/bin/chromium',
    '/usr/bin/google-chrome-stable',
    '/usr/bin/google-chrome',
  ];
}

/** The browser to use, or null when none is found (the agent then reports each launch as failed). */
export function findChromium(search: ChromiumSearch): string | null {
  if (search.env.CHROMIUM_PATH) return search.env.CHROMIUM_PATH;
  return chromiumCandidates(search).find((file) => search.exists(file)) ?? null;
}
