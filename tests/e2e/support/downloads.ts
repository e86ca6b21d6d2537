import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer';

/** A folder the browser saves its downloads into (Chromium's download behaviour, over CDP). */
export interface Downloads {
  dir: string;
  /** Waits until the folder holds one finished file whose name starts with `prefix`; answers its text. */
  saved(prefix?: string): Promise<{ name: string; text: string }>;
  remove(): void;
}

export async function allowDownloads(target: Browser | Page): Promise<Downloads> {
  const dir = mkdtempSync(path.join(tmpdir(), 'reachly-downloads-'));
  const session =
    'createCDPSession' in target ? await target.createCDPSession() : await target.target().createCDPSession();
  await session.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: dir });
  return {
    dir,
    async saved(prefix = '') {
      const done = () => readdirSync(dir).find((f) => f.startsWith(prefix) && !f.endsWith('.crdownload'));
      for (let i = 0; i < 300 && !done(); i += 1) await new Promise((r) => setTimeout(r, 100));
      const name = done();
      if (!name || !existsSync(path.join(dir, name))) {
        throw new Error(`no ${prefix}… file; the folder holds ${readdirSync(dir).join(', ')}`);
      }
      return { name, text: readFileSync(path.join(dir, name), 'utf8') };
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
