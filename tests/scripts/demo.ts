import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, startServer } from '@reachly/server';
import { contract, createApiClient } from '@reachly/shared/contract';
import { repoRoot } from '../bench/lib/server-process.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { connectExtension, launchProfileBrowser, logInToSandbox } from '../e2e/support/extension.ts';
import { startSandbox } from '../sandbox-network/server.ts';

/**
 * `npm run demo`: the server on a fresh embedded database, the sandbox network, and one headless
 * profile browser with the extension running a sample campaign; prints the dashboard's address
 * and sign-in, so a new user watches the board fill up live. Ctrl-C stops everything.
 * DEMO_PORT (default 3000) and DEMO_SANDBOX_PORT (default 4100) move the two servers.
 * DEMO_SCREENSHOT=<file.png> waits until a few conversations have replies, saves a screenshot of
 * the campaign's run view there and stops (README's docs/screenshots/campaign-run.png).
 */
const port = process.env.DEMO_PORT ?? '3000';
const sandboxPort = Number(process.env.DEMO_SANDBOX_PORT ?? 4100);
const work = mkdtempSync(path.join(os.tmpdir(), 'reachly-demo-'));
const email = 'demo@reachly.local';
const password = 'demo-password';
const SANDBOX_LOGIN = 'demo-profile';

const running = await startServer({
  config: loadConfig({
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    DATA_DIR: path.join(work, 'data'),
    DATABASE_URL: '',
  }),
});
const serverUrl = `http://localhost:${new URL(running.url).port}`;
// Network time runs 60 times faster: people accept and reply within seconds.
const sandbox = await startSandbox({ seed: 42, port: sandboxPort, speed: 60, people: 40 });

const { user } = await createApiClient({ baseUrl: serverUrl }).call(contract.auth.register, {
  body: { email, password },
});
const token = user.accessToken;
const { call } = createApiClient({ baseUrl: serverUrl, headers: () => ({ authorization: token }) });
const profile = await call(contract.profiles.create, { body: { name: 'Demo profile (sandbox)' } });
const collection = await call(contract.collections.create, { body: { name: 'Sandbox people' } });
const people = (await sandbox.admin.people()).filter((p) => p.hasMessageButton).slice(0, 12);
const scripts = ['interested', 'asks-price', 'books-call', 'not-interested', null] as const;
for (const [i, person] of people.entries()) {
  await sandbox.admin.setBehaviour(person.slug, {
    acceptAfterMs: i % 6 === 5 ? null : 60_000 * (1 + (i % 3)),
    reply: scripts[i % scripts.length] ?? null,
    replyAfterMs: 120_000,
  });
}
await call(contract.leads.create, {
  body: {
    collectionId: collection.id,
    leads: people.map((p) => ({
      profileUrl: `${sandbox.url}${p.url}`,
      name: p.name,
      firstName: p.name.split(' ')[0],
      hasMessageButton: true,
    })),
  },
});
const [group] = await sandbox.admin.groups();
await sandbox.admin.createAccount({ login: SANDBOX_LOGIN, password, name: 'Demo Profile' });

const browser = await launchProfileBrowser(path.join(repoRoot, 'extension/.output/chrome-mv3'));
await logInToSandbox(browser.browser, sandbox, SANDBOX_LOGIN, password);
await connectExtension(browser.browser, {
  serverUrl,
  accessToken: token,
  profileId: profile.id,
  networkUrl: sandbox.url,
});
const campaign = await call(contract.campaigns.create, {
  body: {
    name: 'Demo: sandbox outreach',
    collectionId: collection.id,
    profileIds: [profile.id],
    steps: [
      { type: 'friendRequest' },
      { type: 'welcomeMessage', template: '{Hi|Hello} {firstName}, thanks for connecting!' },
      {
        type: 'aiReply',
        intents: {
          interested: 'Great to hear, {firstName}! Want a 15-minute call this week?',
          question: 'Good question, {firstName}: plans start at $10 a month.',
          booked: 'Perfect, talk soon {firstName}!',
          'not-interested': 'No problem, {firstName}. All the best!',
        },
      },
      { type: 'followUp', afterDays: 2, template: 'Just checking in, {firstName}.' },
      ...(group ? [{ type: 'joinGroups' as const, groupUrls: [`${sandbox.url}/groups/${group.slug}`] }] : []),
      { type: 'likePosts', count: 3 },
    ],
    dailyCaps: { friendRequest: 100, welcomeMessage: 100, aiReply: 100, likePosts: 10, joinGroups: 5 },
    workingHours: { start: '00:00', end: '23:59' },
    gapSeconds: { min: 2, max: 6 },
  },
});
await call(contract.campaigns.start, { params: { id: campaign.id } });

console.log(`
Reachly demo is running.

  Dashboard:  ${serverUrl}
  Sign in:    ${email} / ${password}
  Sandbox:    ${sandbox.url} (the profile's account: ${SANDBOX_LOGIN} / ${password})

A headless profile browser with the extension is working the campaign "Demo: sandbox outreach":
open the board to watch conversations arrive, and Campaigns for the live log. Ctrl-C stops it.
`);

async function screenshot(file: string) {
  // Replies and AI answers have arrived for a few people: the run view has something to show.
  for (let i = 0; i < 240; i += 1) {
    const received = Object.values(await sandbox.admin.received());
    const messages = received.flatMap((r) => r.messages.filter((m) => m.from === SANDBOX_LOGIN));
    if (messages.length >= 12) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const viewer = await launchBrowser();
  try {
    const page = await viewer.browser.newPage();
    await page.goto(`${serverUrl}/signin`, { waitUntil: 'networkidle0' });
    await page.locator('input[type=email]').fill(email);
    await page.locator('input[type=password]').fill(password);
    await Promise.all([
      page.waitForNavigation({ waitUntil: 'networkidle0' }),
      page.locator('button[type=submit]').click(),
    ]);
    await page.goto(`${serverUrl}/campaigns/${campaign.id}`, { waitUntil: 'networkidle0' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await page.screenshot({ path: file, fullPage: true });
    console.log(`Saved ${file}`);
  } finally {
    await viewer.close();
  }
}

async function stop() {
  await browser.close().catch(() => {});
  await sandbox.close().catch(() => {});
  await running.close().catch(() => {});
  rmSync(work, { recursive: true, force: true });
  process.exit(0);
}
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
if (process.env.DEMO_SCREENSHOT) {
  await screenshot(path.resolve(process.env.DEMO_SCREENSHOT));
  await stop();
}
