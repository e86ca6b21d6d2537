import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OffsetClock } from '@reachly/server';
import { contract } from '@reachly/shared/contract';
import { DEFAULT_FACEBOOK_LOCATORS } from '@reachly/shared/schemas';
import type { Browser } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { facebookAdmin, type PersonSummary } from '../sandbox-network/admin-client.ts';
import { type Sandbox, startSandbox } from '../sandbox-network/server.ts';
import { type Account, callAs, type E2EApp, registerAccount, repoRoot } from './support/app.ts';
import type { E2EBrowser } from './support/browser.ts';
import { connectExtension, launchProfileBrowser } from './support/extension.ts';
import { type RunCampaignBody, startRunCampaign, until } from './support/profile-run.ts';

/**
 * The Facebook adapter in real Chromium with the built extension, against the replica (the
 * sandbox network's Facebook skin: class names new on every load, lists from /api/graphql/
 * answers, labels by UI language, a staged roll-out on part of the people). The live site is
 * never reached. One profile goes through a campaign in English, a renamed label and its fix by a
 * published table, the same work in German, 200 members collected, and a checkpoint.
 */
const clock = new OffsetClock();
let app: E2EApp;
let replica: Sandbox;
let profile: E2EBrowser | undefined;
const LOGIN = `fb-${process.pid}`;

beforeAll(async () => {
  const { startE2EApp } = await import('./support/app.ts');
  [app, replica] = await Promise.all([
    startE2EApp({}, { engine: { clock } }),
    startSandbox({ seed: 31, people: 220, skin: 'facebook', bigGroup: true }),
  ]);
});
afterAll(async () => {
  await profile?.close();
  await replica?.close();
  await app?.close();
});

/** Logs the profile's browser in on the replica's log-in page, as a person would. */
async function logIn(browser: Browser) {
  const page = await browser.newPage();
  await page.goto(`${replica.url}/login/`);
  await page.type('input[name=email]', LOGIN);
  await page.type('input[name=pass]', 'profile-password');
  await Promise.all([page.waitForNavigation(), page.click('button[name=login]')]);
  await page.close();
}

/** `npm run admin -- publish-locators FILE` against the e2e server. */
function publishLocators(table: unknown) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'fb-locators-')), 'table.json');
  writeFileSync(file, JSON.stringify(table));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/admin/cli.ts', 'publish-locators', file], {
    cwd: path.join(repoRoot, 'server'),
    env: { PATH: process.env.PATH ?? '', ADMIN_URL: app.url, ADMIN_TOKEN: app.config.ADMIN_TOKEN },
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    out += d;
  });
  return new Promise<{ code: number | null; out: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, out })),
  );
}

describe('the Facebook adapter on the replica', () => {
  it('runs campaigns through role + label locators, survives a renamed label by a published table, and stops at a checkpoint', async () => {
    const fb = facebookAdmin(replica.url);
    const account: Account = await registerAccount(app, 'fb');
    const call = callAs(app, account);
    await replica.admin.createAccount({
      login: LOGIN,
      password: 'profile-password',
      name: 'Replica Profile',
    });
    // Two of the people who send requests keep theirs (the rest would fill the warm-up's caps).
    const state = replica.context.state;
    const incoming = state.requests.filter((r) => r.direction === 'incoming').slice(2);
    state.requests = state.requests.filter((r) => !incoming.includes(r));
    const people = await replica.admin.people();
    const fresh = people.filter((p) => p.hasMessageButton && !p.sendsRequests);
    const [interested, silent, later] = fresh as [PersonSummary, PersonSummary, PersonSummary];
    const sender = people.find((p) =>
      state.requests.some((r) => r.personSlug === p.slug && r.direction === 'incoming'),
    );
    if (!sender) throw new Error('nobody sends requests');
    await replica.admin.setBehaviour(interested.slug, {
      acceptAfterMs: 1000,
      reply: 'interested',
      replyAfterMs: 1000,
    });
    await replica.admin.setBehaviour(silent.slug, { acceptAfterMs: 1000, reply: null });
    // The staged roll-out: the leads' pages show capitalised labels ("Add Friend").
    await fb.set({ rollout: { slugs: [interested.slug, silent.slug], variant: 'capitalise' } });

    profile = await launchProfileBrowser(inject('extensionDir'));
    await logIn(profile.browser);
    const profileRow = await call(contract.profiles.create, { body: { name: 'Replica profile' } });
    const leads = await call(contract.collections.create, { body: { name: 'Replica leads' } });
    const urlOf = (p: PersonSummary) => `${replica.url}/${p.slug}`;
    await call(contract.leads.create, {
      body: {
        collectionId: leads.id,
        leads: [interested, silent].map((p) => ({
          profileUrl: urlOf(p),
          name: p.name,
          firstName: p.name.split(' ')[0],
          hasMessageButton: true,
        })),
      },
    });
    await connectExtension(profile.browser, {
      serverUrl: app.url,
      accessToken: account.user.accessToken,
      profileId: profileRow.id,
      networkUrl: replica.url,
    });
    const start = (body: RunCampaignBody) =>
      startRunCampaign({ call, collectionId: leads.id, profileId: profileRow.id }, body);
    const stop = (id: number) => call(contract.campaigns.stop, { params: { id } });
    const logs = async (id: number) =>
      (await call(contract.campaigns.logs, { params: { id }, query: { limit: 200 } })).logs;
    const received = async (p: PersonSummary) => replica.admin.receivedBy(p.slug);
    const messagesTo = async (p: PersonSummary) =>
      (await received(p)).messages.filter((m) => m.from === LOGIN).map((m) => m.text);
    const first = (p: PersonSummary) => p.name.split(' ')[0];

    /** What a failing wait needs to be understood: the campaign's log, the replica, the extension. */
    const explain = async (campaignId: number, error: unknown) => {
      const { serviceWorker } = await import('./support/extension.ts');
      const worker = await serviceWorker(profile?.browser as Browser).catch(() => null);
      const storage = worker
        ? await worker.evaluate(() =>
            (
              globalThis as unknown as {
                chrome: { storage: { local: { get(k: string[]): Promise<unknown> } } };
              }
            ).chrome.storage.local.get(['status', 'currentTask']),
          )
        : null;
      const log = (await logs(campaignId)).map((l) => `${l.type} ${l.message}`);
      const sent = await Promise.all([interested, silent].map(received));
      return new Error(
        `${String(error)}\nlog: ${JSON.stringify(log)}\nreplica: ${JSON.stringify(sent)}\nextension: ${JSON.stringify(storage)}`,
      );
    };
    const waitOr = async <T>(
      campaignId: number,
      what: string,
      probe: () => Promise<T | null | undefined | false>,
      ms = 120_000,
    ) => {
      try {
        return await until(what, probe, ms);
      } catch (error) {
        throw await explain(campaignId, error);
      }
    };

    // 1. English: request → acceptance learned → welcome → reply read → AI reply → follow-up; the
    //    incoming request of someone else confirmed.
    const outreach = await start({
      name: 'Replica outreach',
      steps: [
        { type: 'acceptRequests' },
        { type: 'friendRequest' },
        { type: 'welcomeMessage', template: 'Hi {firstName}, thanks for connecting!' },
        { type: 'aiReply', intents: { interested: 'Great to hear, {firstName}! Here is how it works.' } },
        { type: 'followUp', afterDays: 1, template: 'Just checking in, {firstName}.' },
      ],
      dailyCaps: { friendRequest: 50, welcomeMessage: 50, aiReply: 50, followUp: 50, acceptRequest: 50 },
    });
    await waitOr(
      outreach.id,
      'the AI reply',
      async () =>
        (await messagesTo(interested)).includes(`Great to hear, ${first(interested)}! Here is how it works.`),
      180_000,
    );
    expect((await received(interested)).requests.filter((r) => r.from === LOGIN)).toHaveLength(1);
    expect(await messagesTo(silent)).toEqual([`Hi ${first(silent)}, thanks for connecting!`]);
    clock.advance({ days: 1, minutes: 1 });
    await waitOr(outreach.id, 'the follow-up', async () => (await messagesTo(silent)).length === 2, 120_000);
    expect(await messagesTo(silent)).toEqual([
      `Hi ${first(silent)}, thanks for connecting!`,
      `Just checking in, ${first(silent)}.`,
    ]);
    await waitOr(
      outreach.id,
      'the incoming request confirmed',
      async () => {
        const friends = state.requests.filter(
          (r) => r.personSlug === sender.slug && r.direction === 'incoming',
        );
        return friends.some((r) => r.status === 'accepted');
      },
      120_000,
    );
    await stop(outreach.id);
    const mine = (list: { accountId: number }[]) => {
      const id = [...state.accounts.values()].find((a) => a.login === LOGIN)?.id;
      return list.filter((x) => x.accountId === id);
    };

    // 2. A renamed label breaks one action: the join fails, a diagnostics row appears; publishing a
    //    table with the new label fixes it in the running browser (no new extension build).
    await fb.set({ renames: { 'Join group': 'Join community' } });
    const joining = await start({
      name: 'Join a group',
      steps: [{ type: 'joinGroups', groupUrls: [`${replica.url}/groups/2`] }],
      dailyCaps: { joinGroups: 10 },
    });
    const rows = await waitOr(joining.id, 'the diagnostics row', async () => {
      const { groups } = await call(contract.locators.diagnostics);
      return groups.find((g) => g.locator === 'buttons.joinGroup') ?? null;
    });
    expect(rows).toMatchObject({ urlPattern: '/groups/<id>', lang: 'en', count: 1, profiles: 1 });
    expect(rows.buttons).toContain('Join community');
    expect(mine(state.joins)).toEqual([]);
    const fixed = structuredClone(DEFAULT_FACEBOOK_LOCATORS);
    fixed.version = 2;
    fixed.languages.en?.buttons.joinGroup.push('Join community');
    const published = await publishLocators(fixed);
    expect(published.out).toContain('version 2');
    expect(published.code).toBe(0);
    // The failed join is due again ten minutes later (server time); pausing and starting wakes the loop.
    clock.advance({ minutes: 11 });
    await call(contract.campaigns.pause, { params: { id: joining.id } });
    await call(contract.campaigns.start, { params: { id: joining.id } });
    await waitOr(joining.id, 'the group joined', async () => mine(state.joins).length === 1);
    await stop(joining.id);

    // 3. German: two posts liked, and 200 people collected from a group's members (the page's
    //    JSON answers, 50 at a time as the list is scrolled).
    await fb.set({ langs: { [LOGIN]: 'de' }, renames: {} });
    const liking = await start({
      name: 'Likes',
      steps: [{ type: 'likePosts', count: 2 }],
      dailyCaps: { likePosts: 20 },
    });
    await waitOr(liking.id, 'two posts liked', async () => mine(state.likes).length === 2);
    await stop(liking.id);
    const members = await call(contract.collections.create, { body: { name: 'Group members' } });
    const collecting = await start({
      name: 'Collect members',
      collectionId: members.id,
      steps: [
        { type: 'collect', from: { kind: 'group', groupUrl: `${replica.url}/groups/1` }, maxCount: 200 },
      ],
    });
    const collected = await waitOr(collecting.id, '200 members collected', async () => {
      const { leads: rows } = await call(contract.leads.list, {
        query: { collectionId: members.id, limit: 200 },
      });
      return rows.length >= 200 ? rows : null;
    });
    expect(collected.every((l) => l.profileUrl.startsWith(`${replica.url}/`))).toBe(true);
    await stop(collecting.id);

    // 4. A checkpoint: the profile pauses with a notice, and nothing more is clicked.
    const last = await call(contract.collections.create, { body: { name: 'After the checkpoint' } });
    await call(contract.leads.create, {
      body: {
        collectionId: last.id,
        leads: [{ profileUrl: urlOf(later), name: later.name, hasMessageButton: true }],
      },
    });
    await replica.admin.setSuspicious(LOGIN, true);
    const blocked = await start({
      name: 'After the checkpoint',
      collectionId: last.id,
      steps: [{ type: 'friendRequest' }],
      dailyCaps: { friendRequest: 50 },
    });
    const paused = await waitOr(blocked.id, 'the pause', async () => {
      const s = await call(contract.campaigns.profiles, { params: { id: blocked.id } });
      return s[0]?.pausedUntil ? s[0] : null;
    });
    expect(paused.pauseReason).toMatch(/^RESTRICTION: .*checkpoint/i);
    expect((await received(later)).requests).toEqual([]);
  }, 600_000);
});
