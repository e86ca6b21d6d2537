import { Writable } from 'node:stream';
import { createLogger } from '@reachly/server';
import { contract } from '@reachly/shared/contract';
import type { Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, type E2EApp, registerAccount, startE2EApp } from './support/app.ts';
import { type E2EBrowser, launchBrowser, openPage, signIn, waitForText } from './support/browser.ts';
import { seedCards, seedCollection } from './support/seed-board.ts';

/**
 * The security sweep in real Chromium: markup stored in every name and text a user (or a lead, or
 * the network's page) can supply is shown as text on every screen that renders it, and no script of
 * it runs; and the server's whole log of the run, at debug level, holds neither the access token,
 * the session cookie, the password nor the proxy password that the run used.
 */

let app: E2EApp;
let chromium: E2EBrowser;
let log = '';
const sink = new Writable({
  write(chunk, _encoding, done) {
    log += chunk.toString();
    done();
  },
});

beforeAll(async () => {
  [app, chromium] = await Promise.all([
    startE2EApp({ LOG_LEVEL: 'debug' }, { logger: createLogger('debug', sink) }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await chromium?.close();
  await app?.close();
});

/** Each marks the page if any part of it runs: an attribute handler, a script element, a link. */
const PAYLOADS = [
  '<img src=x onerror="window.__xss=1">Ann',
  '<script>window.__xss=2</script>Bob',
  '"><svg onload="window.__xss=3">Cid',
  '<a href="javascript:window.__xss=4">Dee</a>',
];

/** Nothing of the payloads ran, and none of them became an element of the page. */
async function expectInert(page: Page, where: string): Promise<void> {
  const found = await page.evaluate(() => ({
    ran: (window as unknown as { __xss?: number }).__xss ?? null,
    elements: document.querySelectorAll('img[src="x"], svg[onload], a[href^="javascript:"]').length,
  }));
  expect(found, where).toEqual({ ran: null, elements: 0 });
}

describe('stored markup', () => {
  it('is shown as text on the board, collections, profiles, campaigns and diagnostics, and never runs; the log keeps no secret', async () => {
    const account = await registerAccount(app, 'xss');
    const org = account.user.organizationId;
    const call = callAs(app, account);
    const [ann, bob, cid, dee] = PAYLOADS as [string, string, string, string];
    const db = app.running.ctx.db;

    // A lead's name and answer (what the network's page gave), on the board and in the drawer.
    const board = await seedCollection(db, org, `Board ${bob}`);
    await seedCards(db, org, [
      { collectionId: board, status: 'replied', name: ann, messages: [{ direction: 'in', text: cid }] },
    ]);
    // Collections and leads the user typed or imported.
    const collection = await call(contract.collections.create, { body: { name: `Leads ${dee}` } });
    await call(contract.leads.create, {
      body: {
        collectionId: collection.id,
        leads: [{ profileUrl: 'https://network.example/people/xss-1', name: bob }],
      },
    });
    // A profile with a proxy whose password must never reach the log.
    const proxyPassword = `proxy-pass-${Date.now()}`;
    const profile = await call(contract.profiles.create, {
      body: {
        name: `Profile ${cid}`,
        proxySource: 'MANUAL',
        HTTPProxyAddress: 'http://127.0.0.1:9',
        proxyLogin: 'proxy-user',
        proxyPassword,
      },
    });
    // A campaign's name and template, and a log row naming the lead (the run view's log and notices).
    const campaign = await call(contract.campaigns.create, {
      body: {
        name: `Campaign ${ann}`,
        collectionId: collection.id,
        profileIds: [profile.id],
        steps: [{ type: 'welcomeMessage', template: `Hi {firstName} ${dee}` }],
      },
    });
    await db('campaign_logs').insert({
      organization_id: org,
      campaign_id: campaign.id,
      profile_id: profile.id,
      type: 'RESTRICTION',
      message: `The network said: ${bob}`,
    });
    // Labels the extension read off a network page (diagnostics).
    await call(contract.locators.report, {
      body: {
        profileId: profile.id,
        network: 'facebook',
        locator: 'buttons.addFriend',
        tableVersion: 1,
        lang: 'en',
        urlPattern: '/<username>',
        roles: { button: 1 },
        buttons: [ann],
        dialogs: [cid],
      },
    });

    const page = await openPage(chromium.browser);
    // Every Content-Security-Policy violation of every document (a blocked eval included: zod's
    // probe of `new Function` counted against Lighthouse's best practices), from the sign-in page on.
    await page.evaluateOnNewDocument(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const seen = window as unknown as { __csp?: string[] };
        seen.__csp ??= [];
        seen.__csp.push(
          `${location.pathname}: ${event.violatedDirective} ${event.sourceFile}:${event.columnNumber}`,
        );
      });
    });
    const cspViolations = () => page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
    await page.goto(`${app.url}/signin`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('input[type=email]');
    expect(await cspViolations(), '/signin').toEqual([]);
    await signIn(page, app, account);
    const cookie = (await page.cookies()).find((c) => c.name.endsWith('authjs.session-token'))?.value;
    expect(cookie).toBeTruthy();

    const visit = async (path: string, texts: string[]) => {
      await page.goto(`${app.url}${path}`, { waitUntil: 'networkidle0' });
      for (const text of texts) await waitForText(page, text);
      await expectInert(page, path);
      expect(await cspViolations(), path).toEqual([]);
    };
    await visit('/board', [ann]);
    await page.locator('[data-testid=board-card]').click();
    await page.waitForSelector('[data-testid=conversation-messages]');
    await waitForText(page, cid);
    await expectInert(page, 'the conversation drawer');
    await visit('/collections', [`Leads ${dee}`, `Board ${bob}`]);
    await visit(`/collections/${collection.id}`, [bob]);
    await visit('/profiles', [`Profile ${cid}`]);
    await visit('/campaigns', [`Campaign ${ann}`]);
    await visit(`/campaigns/${campaign.id}`, [`Campaign ${ann}`, `The network said: ${bob}`]);
    await visit(`/campaigns/${campaign.id}/edit`, []);
    await page.waitForFunction(
      (t) => Array.from(document.querySelectorAll('textarea')).some((e) => e.value.includes(t)),
      {},
      dee,
    );
    await expectInert(page, 'the campaign builder');
    await visit('/diagnostics', [ann]);
    expect(page.errors).toEqual([]);

    // The server's whole log of this run: requests by cookie and by token, a proxy with a password.
    const lines = log.split('\n').filter(Boolean);
    expect(lines.some((line) => line.includes(contract.profiles.create.path))).toBe(true);
    const secrets = {
      token: account.user.accessToken,
      cookie: cookie as string,
      password: account.password,
      proxyPassword,
    };
    const hits = Object.entries(secrets).flatMap(([name, secret]) =>
      lines.filter((line) => line.includes(secret)).map((line) => `${name}: ${line.slice(0, 200)}`),
    );
    expect(hits).toEqual([]);
  }, 180_000);
});
