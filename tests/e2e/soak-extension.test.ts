import { OffsetClock } from '@reachly/server';
import { contract } from '@reachly/shared/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PersonSummary } from '../sandbox-network/admin-client.ts';
import { REPLY_TEXTS } from '../sandbox-network/behaviours/scripts.ts';
import { type Sandbox, startSandbox } from '../sandbox-network/server.ts';
import { nextId } from '../sandbox-network/state/store.ts';
import type { HardAnswer } from '../soak/facts.ts';
import { checkRunInvariants, factsOfRun } from '../soak/facts-of-run.ts';
import { type E2EApp, startE2EApp } from './support/app.ts';
import { serviceWorker } from './support/extension.ts';
import {
  describeRun,
  type ProfileRun,
  startProfileRun,
  startRunCampaign,
  until,
} from './support/profile-run.ts';

/**
 * The simulated month's shorter span with the real extension (issue 14): one profile browser
 * (Debian's Chromium with the built extension) works a campaign on the sandbox network over two
 * simulated days, with a daily cap that is hit on the first, working hours, replies of several
 * kinds (one person writing again the next day), and the network's warning on the second day; then the
 * month's invariants (tests/soak) are held against the sandbox's own records of the run.
 *
 * Time: the server's clock (an OffsetClock) and the network's run at real speed from the same
 * instant, 10:00 UTC of a day, and are moved forward together to let the evening and the night pass.
 */
const clock = new OffsetClock();
let app: E2EApp;
let sandbox: Sandbox;

const HOUR = 3600_000;
const HOURS = { start: '09:00', end: '18:00' };
/** With the warm-up's 20 % on a profile's first day: 8 friend requests on day one, 10 on day two. */
const CAPS = { friendRequest: 40, welcomeMessage: 100, aiReply: 100, followUp: 100 };
const DAY_ONE_REQUESTS = 8;
/** The network's limit set on day two: the fourth request of the half hour gets the warning. */
const DAY_TWO_LIMIT = 3;

beforeAll(async () => {
  [app, sandbox] = await Promise.all([
    startE2EApp({}, { engine: { clock } }),
    startSandbox({ seed: 21, people: 60 }),
  ]);
});
afterAll(async () => {
  await sandbox?.close();
  await app?.close();
});

/** Both clocks to `at` (forward only); the network's scripted events due by then happen. */
function moveTo(at: number) {
  const step = at - clock.now().getTime();
  if (step <= 0) return;
  clock.advance({ minutes: step / 60_000 });
  sandbox.context.clock.advance(Math.max(0, clock.now().getTime() - sandbox.context.clock.now()));
  sandbox.context.scheduler.runDue();
}

describe('a span of the simulated month with the real extension', () => {
  it('keeps the soak invariants over two simulated days of a campaign in Chromium', async () => {
    // Day one starts at 10:00 UTC tomorrow on both clocks.
    const today = new Date();
    const dayOne = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1, 10);
    moveTo(dayOne);

    // 24 people: four who answer (one of them "stop", the others again to every answer), three who
    // never accept, the rest accept and stay silent.
    const people = (await sandbox.admin.people())
      .filter((p) => p.hasMessageButton && !p.sendsRequests)
      .slice(0, 24)
      // The campaign's targeting takes leads by name: the repliers come first.
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    expect(people).toHaveLength(24);
    const [interested, asksPrice, notInterested, stops] = people as [
      PersonSummary,
      PersonSummary,
      PersonSummary,
      PersonSummary,
    ];
    const repliers = [interested, asksPrice, notInterested, stops];
    const scripts = ['interested', 'asks-price', 'not-interested', 'stop'] as const;
    const never = new Set([people[6], people[12], people[18]].map((p) => p?.slug));
    for (const [i, p] of people.entries()) {
      const reply = i < 4 ? scripts[i] : null;
      await sandbox.admin.setBehaviour(p.slug, {
        acceptAfterMs: never.has(p.slug) ? null : 1000 + (i % 3) * 1000,
        reply: reply ?? null,
        replyAfterMs: 1500,
      });
    }
    const answers = new Map<string, HardAnswer>([[stops.slug, 'stop']]);

    const run: ProfileRun = await startProfileRun(app, sandbox, inject('extensionDir'), people);
    const { call, fromUs } = run;
    const { db } = app.running.ctx;
    const organizationId = run.account.user.organizationId;
    const campaign = await startRunCampaign(run, {
      name: 'Soak span',
      steps: [
        { type: 'friendRequest' },
        { type: 'welcomeMessage', template: 'Hi {firstName}, thanks for connecting!' },
        {
          type: 'aiReply',
          intents: {
            interested: 'Great to hear, {firstName}! Here is how it works.',
            question: 'It is $10 a month, {firstName}.',
            'not-interested': 'Understood, {firstName}. All the best!',
          },
          fallbackTemplate: 'Thanks for your answer, {firstName}.',
        },
        { type: 'followUp', afterDays: 1, template: 'Just checking in, {firstName}.' },
      ],
      workingHours: HOURS,
      dailyCaps: CAPS,
    });
    // The server wakes its executors when work comes due; the moved clocks and a capped day make
    // the extension wait long (up to five minutes): the test wakes it, at most every ten seconds.
    let wokenAt = 0;
    const nudge = () => {
      if (Date.now() - wokenAt < 10_000) return;
      wokenAt = Date.now();
      app.running.ctx.engine.wake(organizationId, [run.profileId], 'the test moved on');
    };
    const received = async () => {
      const all = await sandbox.admin.received();
      return people.map((p) => {
        const r = all[p.slug];
        return {
          person: p,
          requests: r ? fromUs(r.requests) : [],
          messages: r ? fromUs(r.messages).map((m) => m.text) : [],
        };
      });
    };
    const status = async () => {
      const worker = await serviceWorker(run.browser.browser);
      return (await worker.evaluate(() =>
        (
          globalThis as unknown as {
            chrome: { storage: { local: { get(k: string): Promise<Record<string, unknown>> } } };
          }
        ).chrome.storage.local.get('status'),
      )) as { status?: { waiting?: { reason: string } | null } };
    };

    try {
      // Day one: eight requests (the cap), a welcome to each who accepted, an AI answer to each
      // reply (but the one asking to stop).
      const first = (p: PersonSummary) => p.name.split(' ')[0];
      const dayOneDone = await until(
        'day one: the cap hit, welcomes and answers sent',
        async () => {
          const rows = await received();
          const requested = rows.filter((r) => r.requests.length > 0);
          if (requested.length < DAY_ONE_REQUESTS) return null;
          nudge();
          const accepted = requested.filter((r) => r.requests.some((q) => q.status === 'accepted'));
          const welcomed = accepted.every((r) =>
            r.messages.includes(`Hi ${first(r.person)}, thanks for connecting!`),
          );
          const got = (p: PersonSummary, text: string) =>
            rows.find((r) => r.person.slug === p.slug)?.messages.includes(text);
          const answered =
            got(interested, `Great to hear, ${first(interested)}! Here is how it works.`) &&
            got(asksPrice, `It is $10 a month, ${first(asksPrice)}.`) &&
            got(notInterested, `Understood, ${first(notInterested)}. All the best!`);
          return welcomed && answered ? rows : null;
        },
        150_000,
      ).catch(async (error: Error) => {
        throw new Error(`${error.message}\n${await describeRun(run, campaign.id)}`);
      });
      const dayOneRequests = dayOneDone.filter((r) => r.requests.length > 0).length;
      expect(dayOneRequests).toBe(DAY_ONE_REQUESTS);
      // The cap holds the rest back: the extension is told so.
      await until('the extension waits for the cap', async () => {
        nudge();
        return (await status()).status?.waiting?.reason === 'daily-cap';
      });
      expect((await received()).filter((r) => r.requests.length > 0)).toHaveLength(DAY_ONE_REQUESTS);

      // The evening: past the working window, the extension waits for the hours.
      moveTo(dayOne + 8.5 * HOUR);
      await until('the extension waits for the working hours', async () => {
        nudge();
        return (await status()).status?.waiting?.reason === 'outside-working-hours';
      });

      // Day two, 10:30: the follow-ups to those who stayed silent, more requests, and the network's
      // warning at the fourth request of the half hour.
      await sandbox.admin.setLimits({
        'friend-request': { max: DAY_TWO_LIMIT, windowMs: HOUR / 2, blockMs: 2 * HOUR },
      });
      // Their script answers every message: quiet now, so the one reply of theirs today is theirs.
      await sandbox.admin.setBehaviour(interested.slug, { reply: null });
      moveTo(dayOne + 24.5 * HOUR);
      // The interested person writes again in the morning, asking the price (a second reply, other words): the network
      // holds it at once, in the same turn of the event loop as the move (no page is served between).
      const state = sandbox.context.state;
      const accountId = state.accounts.get(run.login)?.id;
      if (accountId === undefined) throw new Error('no sandbox account');
      state.messages.push({
        id: nextId(state),
        accountId,
        personSlug: interested.slug,
        from: 'person',
        text: REPLY_TEXTS['asks-price'](interested.name),
        at: sandbox.context.clock.now(),
      });
      wokenAt = 0;
      const silentAccepted = dayOneDone.filter(
        (r) =>
          r.requests.some((q) => q.status === 'accepted') && !repliers.some((p) => p.slug === r.person.slug),
      );
      expect(silentAccepted.length).toBeGreaterThan(0);
      await until(
        'day two: follow-ups, requests and the warning',
        async () => {
          nudge();
          const rows = await received();
          const followedUp = silentAccepted.every((s) =>
            rows
              .find((r) => r.person.slug === s.person.slug)
              ?.messages.includes(`Just checking in, ${first(s.person)}.`),
          );
          const requests = rows.filter((r) => r.requests.length > 0).length;
          const { logs } = await call(contract.campaigns.logs, {
            params: { id: campaign.id },
            query: { limit: 200 },
          });
          const warned = logs.some((l) => l.type === 'DANGER' || l.type === 'RESTRICTION');
          const answeredAgain = rows
            .find((r) => r.person.slug === interested.slug)
            ?.messages.includes(`It is $10 a month, ${first(interested)}.`);
          return followedUp && answeredAgain && requests === DAY_ONE_REQUESTS + DAY_TWO_LIMIT && warned;
        },
        150_000,
      ).catch(async (error: Error) => {
        throw new Error(`${error.message}\n${await describeRun(run, campaign.id)}`);
      });

      // The log catches up with the network (an outcome is reported a moment after the page answered).
      const count = await until('the outcomes reported', async () => {
        const rows = await received();
        const { logs } = await call(contract.campaigns.logs, {
          params: { id: campaign.id },
          query: { limit: 200 },
        });
        const count = (type: string) => logs.filter((l) => l.type === type).length;
        const messages = count('SENT_WELCOME_MESSAGE') + count('SENT_AI_REPLY') + count('SENT_FOLLOW_UP');
        const caughtUp =
          count('SENT_FRIEND_REQUEST') === rows.flatMap((r) => r.requests).length &&
          messages === rows.flatMap((r) => r.messages).length;
        return caughtUp ? count : null;
      });

      // The month's invariants over the sandbox's records of the run.
      const { facts, record } = await factsOfRun({
        db,
        organizationId,
        profileId: run.profileId,
        login: run.login,
        campaignId: campaign.id,
        caps: CAPS,
        hours: HOURS,
        answers,
      });
      const violations = await checkRunInvariants(db, sandbox, facts, record);
      expect(violations).toEqual([]);

      // What the extension did in the span.
      const rows = await received();
      expect(count('SENT_FRIEND_REQUEST')).toBe(DAY_ONE_REQUESTS + DAY_TWO_LIMIT);
      expect(count('SENT_WELCOME_MESSAGE')).toBeGreaterThanOrEqual(5);
      expect(count('SENT_AI_REPLY')).toBeGreaterThanOrEqual(4);
      expect(count('SENT_FOLLOW_UP')).toBeGreaterThanOrEqual(silentAccepted.length);
      expect(record.restrictions.length).toBeGreaterThanOrEqual(1);
      // The interested person wrote twice in words of their own, and got an answer to each.
      expect(rows.find((r) => r.person.slug === interested.slug)?.messages).toEqual([
        `Hi ${first(interested)}, thanks for connecting!`,
        `Great to hear, ${first(interested)}! Here is how it works.`,
        `It is $10 a month, ${first(interested)}.`,
      ]);
      // Nobody who never accepted got a message; the one who said stop got nothing after the welcome.
      for (const r of rows.filter((r) => never.has(r.person.slug))) expect(r.messages).toEqual([]);
      expect(rows.find((r) => r.person.slug === stops.slug)?.messages).toHaveLength(1);
      console.log(
        `soak span with the extension: ${count('SENT_FRIEND_REQUEST')} requests (${DAY_ONE_REQUESTS} on day one, the cap), ` +
          `${count('SENT_WELCOME_MESSAGE')} welcomes, ${count('SENT_AI_REPLY')} AI replies, ${count('SENT_FOLLOW_UP')} follow-ups, ` +
          `${record.restrictions.length} network notice(s), 0 violations`,
      );
    } finally {
      await run.close();
    }
  }, 420_000);
});
