import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { contract, listEndpoints } from '@reachly/shared/contract';
import { describe, expect, it } from 'vitest';
import { type E2EApp, repoRoot } from './support/app.ts';
import { type E2EBrowser, openPage, waitForText } from './support/browser.ts';
import { useAppAndBrowser } from './support/fixture.ts';

let app: E2EApp;
let chromium: E2EBrowser;
useAppAndBrowser((a, c) => {
  app = a;
  chromium = c;
});

const artefacts = path.join(repoRoot, 'test-artifacts', 'api-docs');

describe('the API reference page', () => {
  it('shows every endpoint of the contract, readable at 1440 and 390 px, without a script error or a warning', async () => {
    mkdirSync(artefacts, { recursive: true });
    const endpoints = listEndpoints(contract).length;
    for (const width of [1440, 390]) {
      const page = await openPage(chromium.browser);
      await page.setViewport({ width, height: 900 });
      await page.goto(`${app.url}/api/docs`, { waitUntil: 'networkidle0' });
      await waitForText(page, 'Reachly API');
      await page.waitForFunction((n) => document.querySelectorAll('.opblock').length === n, {}, endpoints);
      await waitForText(page, '/api/campaigns/{id}/logs');
      // How to call it with an API key, in the page's own words.
      await waitForText(page, 'curl -H "Authorization: Bearer rk_…"');
      // Swagger UI shows a red box for a document it does not fully read.
      expect(await page.$$eval('.errors-wrapper, .version-pragma', (e) => e.length)).toBe(0);
      expect(await page.evaluate(() => document.body.innerText)).not.toContain('Warning');
      await page.screenshot({ path: path.join(artefacts, `docs-${width}.png`) as `${string}.png` });
      expect(page.errors).toEqual([]);
      await page.close();
    }
  }, 300_000);
});
