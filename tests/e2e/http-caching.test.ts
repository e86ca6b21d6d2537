import { existsSync, readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { contract } from '@reachly/shared/contract';
import { describe, expect, it } from 'vitest';
import { callAs, type E2EApp, registerAccount } from './support/app.ts';
import { type E2EBrowser, openPage, signIn, waitForText } from './support/browser.ts';
import { useAppAndBrowser } from './support/fixture.ts';
import { mainScriptOf } from './support/shell-scripts.ts';

/**
 * The real dashboard build as the server sends it (issue 19): the build wrote a .br and a .gz
 * beside its text files, the server sends them by Accept-Encoding with a year's immutable cache
 * for hashed files, robots.txt is text; and Back after sign-out shows nothing of the user.
 */

let app: E2EApp;
let chromium: E2EBrowser;
useAppAndBrowser((a, c) => {
  app = a;
  chromium = c;
});

interface RawAnswer {
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(pathname: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(pathname, app.url), { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.once('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      res.once('error', reject);
    });
    req.once('error', reject);
  });
}

describe('the built dashboard', () => {
  it('has a .br and a .gz beside every script and stylesheet of 1 KB or more', () => {
    const assets = path.join(app.config.DASHBOARD_DIR as string, 'assets');
    const files = readdirSync(assets).filter((name) => /\.(js|css)$/.test(name));
    const large = files.filter((name) => statSync(path.join(assets, name)).size >= 1024);
    expect(large.length).toBeGreaterThan(5);
    const missing = large.filter(
      (name) => !existsSync(path.join(assets, `${name}.br`)) || !existsSync(path.join(assets, `${name}.gz`)),
    );
    expect(missing).toEqual([]);
  });

  it('is sent brotli, gzip or as it is, as the client accepts, cached a year when hashed', async () => {
    const shell = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(shell.headers['content-encoding']).toBe('br');
    expect(shell.headers['cache-control']).toBe('no-store');
    const html = brotliDecompressSync(shell.body).toString('utf8');
    const script = await mainScriptOf(html, async (file) => (await get(file)).body.length);

    const raw = await get(script);
    const br = await get(script, { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get(script, { 'accept-encoding': 'gzip' });
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    for (const answer of [raw, br, gzip]) {
      expect(answer.headers['content-type']).toMatch(/^text\/javascript/);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
    }
    expect(brotliDecompressSync(br.body).equals(raw.body)).toBe(true);
    expect(gunzipSync(gzip.body).equals(raw.body)).toBe(true);
    expect(br.body.length).toBeLessThan(raw.body.length / 3);
    console.info(
      `main script ${path.basename(script)}: ${raw.body.length} B raw, ${br.body.length} B brotli, ${gzip.body.length} B gzip`,
    );

    const robots = await get('/robots.txt');
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body.toString('utf8')).toContain('Disallow: /api/');
  });
});

describe('sign-out', () => {
  it('leaves nothing of the user for Back to show', async () => {
    const account = await registerAccount(app, 'back');
    const name = `Private list ${Date.now()}`;
    await callAs(app, account)(contract.collections.create, { body: { name } });
    const page = await openPage(chromium.browser);
    await signIn(page, app, account);
    await page.goto(`${app.url}/account`, { waitUntil: 'networkidle0' });
    await waitForText(page, account.email);
    await page.goto(`${app.url}/collections`, { waitUntil: 'networkidle0' });
    await waitForText(page, name);
    await Promise.all([
      page.waitForNavigation({ waitUntil: 'networkidle0' }),
      page.locator('::-p-text(Sign out)').click(),
    ]);
    expect(new URL(page.url()).pathname).toBe('/signin');

    // Sign-out replaced the collections page in the history; Back goes to the account page, loaded anew (the shell is no-store, so not from the back/forward
    // cache) by a signed-out browser, which the app sends to sign-in with nothing of the user shown.
    await page.goBack({ waitUntil: 'networkidle0' });
    await page.waitForFunction(() => window.location.pathname === '/signin');
    const text = await page.evaluate(() => document.body.innerText);
    expect(text).not.toContain(name);
    expect(text).not.toContain(account.email);
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
