import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'puppeteer';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2EApp, registerAccount, repoRoot, startE2EApp } from './support/app.ts';
import {
  type E2EBrowser,
  launchBrowser,
  openPage,
  seriousAxeViolations,
  settleAnimations,
  signInAt,
  waitForDialogsGone,
  waitForText,
} from './support/browser.ts';

/**
 * The Webhooks page in Chromium (docs/decisions.md "Webhooks"): a person registers an endpoint on a
 * receiver on loopback, copies the secret shown once, sends a test event and sees its delivery
 * acknowledged (200), then redelivers it: the receiver verifies every request with the
 * `standardwebhooks` library and sees one event id twice. Screens at 1440 and 390 px go to
 * test-artifacts/webhooks/.
 */

interface Received {
  id: string;
  type: string;
  verified: boolean;
}

let app: E2EApp;
let chromium: E2EBrowser;
let receiver: Server;
let receiverUrl = '';
let secret = '';
const received: Received[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      const headers = req.headers as Record<string, string>;
      let verified = false;
      try {
        new Webhook(secret).verify(body, headers);
        verified = true;
      } catch {
        // Counted as not verified.
      }
      received.push({ id: headers['webhook-id'] ?? '', type: JSON.parse(body).type, verified });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/reachly`;
  [app, chromium] = await Promise.all([startE2EApp({ WEBHOOKS_ALLOW_PRIVATE: '1' }), launchBrowser()]);
});
afterAll(async () => {
  await chromium?.close();
  await app?.close();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

const artefacts = path.join(repoRoot, 'test-artifacts', 'webhooks');

/** A screenshot: of the whole page, or of the viewport while a dialog covers it. */
async function shoot(page: Page, name: string, width: number, fullPage = false): Promise<void> {
  await settleAnimations(page);
  await page.screenshot({ path: path.join(artefacts, `${name}-${width}.png`) as `${string}.png`, fullPage });
}

/** The delivery rows' statuses and answers, newest first. */
function deliveryRows(page: Page) {
  return page.$$eval('[data-testid=webhook-delivery-row]', (rows) =>
    rows.map((r) => ({
      status: r.getAttribute('data-status'),
      answer: r.querySelector('[data-testid=webhook-delivery-answer]')?.textContent,
    })),
  );
}

describe('the Webhooks page', () => {
  it('registers an endpoint, shows its secret once, sends a test event and redelivers it', async () => {
    mkdirSync(artefacts, { recursive: true });
    const account = await registerAccount(app, 'webhooks');
    const page = await openPage(chromium.browser);
    // The machines these run on are shared and slow at times: wait for conditions, not for 15 s.
    await page.setViewport({ width: 1440, height: 900 });
    await signInAt(page, app, account);
    await page.locator('nav ::-p-text(Webhooks)').click();
    await page.waitForSelector('[data-testid=empty-state]');
    await waitForText(page, 'No endpoints yet');

    await page.locator('[data-testid=webhook-add]').click();
    await page.waitForSelector('[data-testid=webhook-form-dialog]');
    await page.locator('[data-testid=webhook-form-dialog] input[type=url]').fill(receiverUrl);
    await page
      .locator('[data-testid=webhook-form-dialog] input[placeholder="CRM sync"]')
      .fill('Pipedrive sync');
    await page.locator('[data-testid=webhook-form-dialog] ::-p-text(A campaign started)').click();
    await shoot(page, 'add-endpoint', 1440);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.locator('[data-testid=webhook-form-dialog] button[type=submit]').click();

    await page.waitForSelector('[data-testid=webhook-secret]');
    secret = (await page.$eval('[data-testid=webhook-secret]', (el) => el.textContent ?? '')).trim();
    expect(secret).toMatch(/^whsec_/);
    await shoot(page, 'secret', 1440);
    await page.locator('::-p-text(I have copied it)').click();
    await waitForDialogsGone(page);

    const card = await page.waitForSelector(`[data-testid=webhook-endpoint][data-url="${receiverUrl}"]`);
    expect(await card?.evaluate((el) => el.textContent)).toContain('campaign.started');
    // The secret is not on the page any more, and the list the page fetched does not carry it.
    expect(await page.evaluate(() => document.body.innerText)).not.toContain(secret);

    await page.locator('::-p-text(Send test event)').click();
    await page.waitForFunction(
      () =>
        document
          .querySelector('[data-testid=webhook-delivery-row][data-status=delivered]')
          ?.textContent?.includes('200'),
      { timeout: 60_000 },
    );
    expect(await deliveryRows(page)).toEqual([{ status: 'delivered', answer: '200' }]);
    expect(received).toEqual([{ id: expect.stringMatching(/^msg_/), type: 'webhook.test', verified: true }]);
    await waitForText(page, '{"received":true}');
    // How long the receiver took to answer, on the delivery's row.
    expect(
      await page.$eval('[data-testid=webhook-delivery-row][data-status=delivered]', (el) => el.textContent),
    ).toMatch(/\d+ ms/);

    await page.locator('::-p-text(Redeliver)').click();
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid=webhook-delivery-row][data-status=delivered]').length === 2,
      { timeout: 60_000 },
    );
    expect(await deliveryRows(page)).toEqual([
      { status: 'delivered', answer: '200' },
      { status: 'delivered', answer: '200' },
    ]);
    expect(received).toHaveLength(2);
    expect(received[1]).toEqual({ ...received[0], verified: true });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot(page, 'endpoint', 1440, true);

    await page.setViewport({ width: 390, height: 844 });
    await page.reload({ waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid=webhook-delivery-row]');
    // Nothing sticks out sideways on a phone (the deliveries' table scrolls inside its frame).
    const sticking = await page.evaluate(() =>
      Array.from(document.querySelectorAll('body *'))
        .filter((e) => !e.closest('table') && e.getBoundingClientRect().right > window.innerWidth + 1)
        .map((e) => `${e.tagName} ${e.className} ${Math.round(e.getBoundingClientRect().right)}`)
        .slice(0, 8),
    );
    expect(sticking).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await shoot(page, 'endpoint', 390, true);
    await page.locator('[data-testid=webhook-endpoint] ::-p-text(Edit)').click();
    await page.waitForSelector('[data-testid=webhook-form-dialog]');
    await shoot(page, 'edit-endpoint', 390);
    expect(page.errors).toEqual([]);
  }, 300_000);
});
