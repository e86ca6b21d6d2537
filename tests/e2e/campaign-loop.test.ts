import { OffsetClock } from '@reachly/server';
import { contract } from '@reachly/shared/contract';
import { abVariantOf } from '@reachly/shared/logic';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PersonSummary } from '../sandbox-network/admin-client.ts';
import { type Sandbox, startSandbox } from '../sandbox-network/server.ts';
import { type E2EApp, startE2EApp } from './support/app.ts';
import { launchBrowser, openPage, screenshotsIn, signIn, waitForText } from './support/browser.ts';
import { EXTENSION_ID } from './support/extension.ts';
import { startProfileRun, startRunCampaign, until } from './support/profile-run.ts';

/**
 * The whole loop (issue: extension, scenario 1): the real server, the sandbox network, and a
 * profile browser (Debian's Chromium with the built extension) running a campaign end to end, a board
 * open in another browser that fills up live, and a second campaign collecting a group's members. The
 * server's clock runs on real time plus an offset the test moves to let a day pass. The welcome is
 * an A/B test (issue 17): each lead gets the version of its share, and the run view reports both.
 */
const clock = new OffsetClock();
let app: E2EApp;
let sandbox: Sandbox;

beforeAll(async () => {
  [app, sandbox] = await Promise.all([
    startE2EApp({}, { engine: { clock } }),
    startSandbox({ seed: 21, people: 30 }),
  ]);
});
afterAll(async () => {
  await sandbox?.close();
  await app?.close();
});

describe('the whole loop', () => {
  it('runs a campaign from the dashboard API through the extension on the sandbox network', async () => {
    const people = (await sandbox.admin.people()).filter((p) => p.hasMessageButton && !p.sendsRequests);
    const [interested, asksPrice, silent, never] = people as [
      PersonSummary,
      PersonSummary,
      PersonSummary,
      PersonSummary,
    ];
    await sandbox.admin.setBehaviour(interested.slug, {
      acceptAfterMs: 1000,
      reply: 'interested',
      replyAfterMs: 1000,
    });
    await sandbox.admin.setBehaviour(asksPrice.slug, {
      acceptAfterMs: 1000,
      reply: 'asks-price',
      replyAfterMs: 1000,
    });
    await sandbox.admin.setBehaviour(silent.slug, { acceptAfterMs: 1000, reply: null });
    await sandbox.admin.setBehaviour(never.slug, { acceptAfterMs: null, reply: null });
    const groups = await sandbox.admin.groups();
    const [toJoin] = groups;
    if (!toJoin) throw new Error('no group');

    const leads = [interested, asksPrice, silent, never];
    // Imported as a CSV file with a column of the user's own, which the welcome uses (issue 17).
    const run = await startProfileRun(app, sandbox, inject('extensionDir'), leads, {
      columns: (p): Record<string, string> => (p === silent ? { 'Company name': 'Acme Tools' } : {}),
    });
    const { call, fromUs } = run;
    // The board is open (in another browser, signed in) before anything happens: its cards must
    // arrive and move live, without a reload.
    const viewer = await launchBrowser();
    const board = await openPage(viewer.browser);
    await signIn(board, app, run.account);
    await board.goto(`${app.url}/board`);
    await waitForText(board, 'No conversations yet');
    const campaign = await startRunCampaign(run, {
      name: 'Sandbox outreach',
      steps: [
        { type: 'friendRequest' },
        {
          type: 'welcomeMessage',
          template: 'Hi {firstName}, thanks for connecting from {{companyName|your team}}!',
          abVariants: ['Hello {firstName}, good to meet someone from {{companyName|your team}}!'],
        },
        {
          type: 'aiReply',
          intents: {
            interested: 'Great to hear, {firstName}! Here is how it works.',
            question: 'It is $10 a month, {firstName}.',
          },
        },
        { type: 'followUp', afterDays: 1, template: 'Just checking in, {firstName}.' },
        { type: 'joinGroups', groupUrls: [`${sandbox.url}/groups/${toJoin.slug}`] },
        { type: 'likePosts', count: 2 },
      ],
      dailyCaps: {
        friendRequest: 100,
        welcomeMessage: 100,
        aiReply: 100,
        followUp: 100,
        likePosts: 20,
        joinGroups: 10,
      },
    });

    const first = (p: PersonSummary) => p.name.split(' ')[0];
    // Each lead's version of the welcome: the share of its lead id (A is the template, B the other).
    const { leads: rows } = await call(contract.leads.list, { query: { collectionId: run.collectionId } });
    const versionOf = (p: PersonSummary) => {
      const row = rows.find((l) => new URL(l.profileUrl).pathname.endsWith(`/${p.slug}`));
      if (!row) throw new Error(`no lead for ${p.slug}`);
      return abVariantOf(row.id, 2);
    };
    const welcome = (p: PersonSummary, company = 'your team') =>
      versionOf(p) === 0
        ? `Hi ${first(p)}, thanks for connecting from ${company}!`
        : `Hello ${first(p)}, good to meet someone from ${company}!`;
    const messagesTo = async (p: PersonSummary) =>
      fromUs((await sandbox.admin.receivedBy(p.slug)).messages).map((m) => m.text);

    // Requests to all four; welcomes to the three who accept; AI answers to the two who reply.
    await until('friend requests', async () => {
      const received = await Promise.all(leads.map((p) => sandbox.admin.receivedBy(p.slug)));
      return received.every((r) => fromUs(r.requests).length === 1);
    });
    await until(
      'AI replies',
      async () =>
        (await messagesTo(interested)).includes(
          `Great to hear, ${first(interested)}! Here is how it works.`,
        ) && (await messagesTo(asksPrice)).includes(`It is $10 a month, ${first(asksPrice)}.`),
    );
    expect(await messagesTo(silent)).toEqual([welcome(silent, 'Acme Tools')]);
    expect(await messagesTo(never)).toEqual([]);

    // A day later: a follow-up to the one who accepted and stayed silent, none to those who replied.
    clock.advance({ days: 1, minutes: 1 });
    await until('the follow-up', async () => (await messagesTo(silent)).length === 2);
    expect(await messagesTo(silent)).toEqual([
      welcome(silent, 'Acme Tools'),
      `Just checking in, ${first(silent)}.`,
    ]);
    expect(await messagesTo(interested)).toEqual([
      welcome(interested),
      `Great to hear, ${first(interested)}! Here is how it works.`,
    ]);

    // The group joined once, two posts liked.
    await until('join and likes', async () => {
      const all = await sandbox.admin.received();
      const joins = Object.values(all).flatMap((r) => fromUs(r.joins));
      const likes = Object.values(all).flatMap((r) => fromUs(r.likes));
      return joins.length === 1 && likes.length === 2;
    });

    // The sandbox's own records match what the server logged. An outcome reaches the server a
    // moment after the network shows the action (the extension reports once the page answered), so
    // the log is read when it has caught up; a duplicate send would keep the two apart.
    const { received, count } = await until(
      'the outcomes reported',
      async () => {
        const received = Object.values(await sandbox.admin.received());
        const { logs } = await call(contract.campaigns.logs, {
          params: { id: campaign.id },
          query: { limit: 200 },
        });
        const count = (type: string) => logs.filter((l) => l.type === type).length;
        const messages = count('SENT_WELCOME_MESSAGE') + count('SENT_AI_REPLY') + count('SENT_FOLLOW_UP');
        const caughtUp =
          count('SENT_FRIEND_REQUEST') >= received.flatMap((r) => fromUs(r.requests)).length &&
          messages >= received.flatMap((r) => fromUs(r.messages)).length &&
          count('JOINED_TO_GROUP') >= received.flatMap((r) => fromUs(r.joins)).length;
        return caughtUp ? { received, count } : null;
      },
      30_000,
    );
    expect(received.flatMap((r) => fromUs(r.requests))).toHaveLength(count('SENT_FRIEND_REQUEST'));
    expect(received.flatMap((r) => fromUs(r.messages))).toHaveLength(
      count('SENT_WELCOME_MESSAGE') + count('SENT_AI_REPLY') + count('SENT_FOLLOW_UP'),
    );
    expect(received.flatMap((r) => fromUs(r.joins))).toHaveLength(count('JOINED_TO_GROUP'));
    expect(count('SENT_FRIEND_REQUEST')).toBe(4);
    expect(count('SENT_AI_REPLY')).toBe(2);

    // The A/B test's results: the three welcomes split by the leads' shares; the two who answered.
    const welcomed = [interested, asksPrice, silent];
    const [test] = await call(contract.campaigns.variants, { params: { id: campaign.id } });
    expect(test?.versions.map((v) => [v.variant, v.sent, v.replied])).toEqual(
      [0, 1].map((version) => [
        version === 0 ? 'A' : 'B',
        welcomed.filter((p) => versionOf(p) === version).length,
        [interested, asksPrice].filter((p) => versionOf(p) === version).length,
      ]),
    );

    // The board, open since the start and never reloaded, shows the conversations in their columns.
    try {
      const columnOf = (name: string) =>
        board.evaluate((n) => {
          const card = Array.from(document.querySelectorAll('[data-testid="board-card"]')).find((c) =>
            c.textContent?.includes(n),
          );
          return (
            card?.closest('[data-testid^="column-"]')?.getAttribute('data-testid')?.slice('column-'.length) ??
            null
          );
        }, name);
      await until('the board updated live', async () => {
        const [a, b, c] = await Promise.all([interested, asksPrice, silent].map((p) => columnOf(p.name)));
        return a === 'interested' && b === 'qualified' && c === 'sent';
      });
      expect(await columnOf(never.name)).toBeNull();

      // The run view shows the A/B test, at a desktop's width and a phone's.
      await board.goto(`${app.url}/campaigns/${campaign.id}`);
      await board.waitForSelector('[data-testid=ab-test] [data-variant=B]');
      const shoot = screenshotsIn('campaign-ab-test');
      const showTest = () =>
        board.$eval('[data-testid=ab-test]', (e) => e.scrollIntoView({ block: 'center' }));
      await board.setViewport({ width: 1440, height: 900 });
      await showTest();
      await shoot(board, 'run-view', 1440);
      await board.setViewport({ width: 390, height: 844 });
      await showTest();
      await shoot(board, 'run-view', 390);
      expect(await board.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(
        false,
      );

      // The popup of the profile browser: profile, campaign, today's counts against the caps.
      const popup = await run.browser.browser.newPage();
      await popup.goto(`chrome-extension://${EXTENSION_ID}/popup.html`);
      await popup.waitForSelector('[data-testid=popup-today]');
      // Named as in Reachly (it said "#12" before), the name handed over with the session.
      const { profiles } = await run.call(contract.profiles.list, { query: {} });
      expect(await popup.$eval('[data-testid=popup-profile]', (e) => e.textContent)).toBe(
        profiles.find((p) => p.id === run.profileId)?.name,
      );
      expect(await popup.$eval('[data-testid=popup-campaign]', (e) => e.textContent)).toBe(
        'Sandbox outreach',
      );
      expect(await popup.$eval('[data-testid=popup-login]', (e) => e.textContent)).toBe(
        'Logged in to the network',
      );
      expect(await popup.$eval('[data-testid=popup-today]', (e) => e.textContent)).toContain(
        'Friend requests4 / 100',
      );
      await popup.close();

      // The bridge: the dashboard opened in the profile browser gets machine data's extensionVersion.
      const dashboard = await run.browser.browser.newPage();
      await dashboard.goto(`${app.url}/signin`);
      const answer = await dashboard.evaluate(
        () =>
          new Promise<unknown>((resolve) => {
            window.addEventListener(
              'reachly-get-machine-data-result',
              (e) => resolve((e as CustomEvent).detail),
              {
                once: true,
              },
            );
            window.dispatchEvent(
              new CustomEvent('reachly-get-machine-data', { detail: { requestId: 'r1' } }),
            );
          }),
      );
      expect(answer).toEqual({ ok: true, extensionVersion: '0.1.0', requestId: 'r1' });
      await dashboard.close();

      // Collecting: a second campaign of the same profile collects three members of a group into
      // another collection, read from the group's member list in the browser.
      const toCollect = groups.find((g) => g.memberSlugs.length >= 3 && g.slug !== toJoin.slug);
      if (!toCollect) throw new Error('no group with three members');
      const collected = await call(contract.collections.create, { body: { name: 'Group members' } });
      const collecting = await startRunCampaign(run, {
        name: 'Collect a group',
        collectionId: collected.id,
        steps: [
          {
            type: 'collect',
            from: { kind: 'group', groupUrl: `${sandbox.url}/groups/${toCollect.slug}` },
            maxCount: 3,
          },
        ],
      });
      const collectedLeads = await until('collected leads', async () => {
        const { leads: rows } = await call(contract.leads.list, { query: { collectionId: collected.id } });
        return rows.length === 3 ? rows : null;
      });
      const slugs = collectedLeads.map((l) =>
        new URL(l.profileUrl).pathname.split('/').filter(Boolean).pop(),
      );
      expect(slugs.every((slug) => slug !== undefined && toCollect.memberSlugs.includes(slug))).toBe(true);
      expect(collectedLeads.every((l) => l.name)).toBe(true);
      const collectLogs = (
        await call(contract.campaigns.logs, { params: { id: collecting.id }, query: { limit: 50 } })
      ).logs.map((l) => l.type);
      expect(collectLogs).toContain('COLLECTING_FINISHED');
    } finally {
      await viewer.close();
      await run.close();
    }
  }, 240_000);
});
