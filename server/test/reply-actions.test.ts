import { contract } from '@reachly/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/engine/index.ts';
import {
  campaignLog,
  reportEvents,
  runUntilIdle,
  seedLeads,
  setupCampaignOrg,
  startCampaign,
  startEngineServer,
} from './helpers/campaign-run.ts';
import { ScriptedExecutor } from './helpers/executor.ts';
import { seedCollection, seedProfile } from './helpers/seed-conversations.ts';
import { collect } from './helpers/socket.ts';
import type { TestServer } from './helpers/test-server.ts';

/**
 * What the engine does with each kind of answer (the offline classifier reads them): "later" is
 * written to again on the day the lead named (in the profile's zone) or the campaign's default
 * delay later, and not before; "stop" and "wrong person" put the person off-limits for every
 * profile and campaign (a named referral reaches a person as a notice); an answer the model cannot
 * read gets no automatic reply and a notice. 2026-06-01 is a Monday.
 */
const clock = new ManualClock('2026-06-01T07:30:00Z');
let server: TestServer;
beforeAll(async () => {
  server = await startEngineServer(clock);
});
afterAll(() => server?.close());

const db = () => server.database.db;

/** A licence that outlasts the test's months, and profiles out of their warm-up (the campaign's own caps). */
async function licensedAndWarmedUp(organizationId: number, profileIds: number[]) {
  await db()('licences')
    .where({ organization_id: organizationId })
    .update({ license_till: new Date('2027-01-01') });
  await db()('profiles')
    .whereIn('id', profileIds)
    .update({ warmup_started_at: new Date('2026-01-01') });
}

const report = reportEvents;

/** The campaign's log as "TYPE message" lines. */
async function logsOf(campaignId: number) {
  return (await campaignLog(server, campaignId)).map((l) => `${l.type} ${l.message}`);
}

describe('answers a lead gives', () => {
  it('are acted on: later on the named day, stop and wrong person off-limits everywhere, unreadable to a person', async () => {
    // Berlin working hours 09:00-18:00 (07:00-16:00 UTC in June).
    const { account, collectionId, profileIds, executor, network, socket } = await setupCampaignOrg(
      server,
      'answers',
      { timezone: 'Europe/Berlin' },
    );
    await licensedAndWarmedUp(account.organizationId, profileIds);
    const notices = collect(socket, 'campaign-notice');
    const leads = await seedLeads(server, account.organizationId, collectionId, 5);
    const [later, stop, wrong, foreign, vague] = leads as [
      (typeof leads)[number],
      (typeof leads)[number],
      (typeof leads)[number],
      (typeof leads)[number],
      (typeof leads)[number],
    ];
    const campaign = await startCampaign(account, {
      name: 'Answers',
      collectionId,
      profileIds,
      steps: [
        { type: 'welcomeMessage', template: 'Hello {firstName}' },
        {
          type: 'aiReply',
          intents: {
            'contact-later': 'Sure {firstName}, I will write again then.',
            stop: 'Sorry to bother you.',
            unqualified: 'Thanks, I will reach out to them.',
          },
          fallbackTemplate: 'Thanks for your answer.',
          contactLater: {
            template: 'Hi {firstName}, you asked me to write again about now.',
            defaultDays: 10,
          },
        },
        { type: 'followUp', afterDays: 3, template: 'Any thoughts, {firstName}?' },
      ],
      workingHours: { start: '09:00', end: '18:00' },
      gapSeconds: { min: 60, max: 60 },
    });
    await runUntilIdle([executor], clock);
    for (const lead of leads)
      expect(network.messagesTo(lead.url)).toEqual([`Hello ${lead.name.split(' ')[0]}`]);

    const profileId = profileIds[0] as number;
    clock.set('2026-06-01T09:00:00Z');
    const answers: [string, string][] = [
      [later.url, 'Can you reach out again next week? Swamped right now.'],
      [stop.url, 'Please stop messaging me.'],
      [wrong.url, "I don't work there anymore, talk to Sarah Miller instead"],
      [foreign.url, '¿Cuánto cuesta esto? No hablo inglés, lo siento.'],
      [vague.url, 'Maybe later'],
    ];
    await report(
      account,
      profileId,
      answers.map(([profileUrl, text]) => ({
        kind: 'message',
        profileUrl,
        text,
        sentAt: clock.now().toISOString(),
      })),
    );
    clock.advance({ minutes: 2 });
    await runUntilIdle([executor], clock);

    // "Later": an answer now, nothing more this week, the message on Monday 8 June (Berlin).
    expect(network.messagesTo(later.url)).toEqual(['Hello Lead1', 'Sure Lead1, I will write again then.']);
    // "Stop" and "wrong person": nothing at all, not even the templates written for them.
    expect(network.messagesTo(stop.url)).toEqual(['Hello Lead2']);
    expect(network.messagesTo(wrong.url)).toEqual(['Hello Lead3']);
    // Another language: no automatic reply, a person is told.
    expect(network.messagesTo(foreign.url)).toEqual(['Hello Lead4']);
    const log = await logsOf(campaign.id);
    expect(log).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^STATUS_CHANGE Lead1 Person asked to be contacted later: written to again on 2026-06-08 \(the day they named\)/,
        ),
        expect.stringMatching(
          /^STATUS_CHANGE Lead2 Person, writing to Profile \d+: asked to stop\. On do-not-contact: no profile or campaign writes again/,
        ),
        expect.stringMatching(
          /^STATUS_CHANGE Lead3 Person, writing to Profile \d+: not the right person; pointed to Sarah Miller\. On do-not-contact/,
        ),
        expect.stringMatching(
          /^SIGNAL Lead4 Person's answer to Profile \d+ needs a person \(Written in Spanish/,
        ),
        expect.stringMatching(
          /^STATUS_CHANGE Lead5 Person asked to be contacted later: written to again on 2026-06-11 \(no day named: 10 days later\)/,
        ),
      ]),
    );
    await expect
      .poll(() => notices.map((n) => (n as { message: string }).message))
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(/pointed to Sarah Miller/),
          expect.stringMatching(/needs a person/),
        ]),
      );
    const cards = (await db()('conversations')
      .whereIn(
        'lead_id',
        leads.map((l) => l.id),
      )
      .orderBy('lead_id')
      .select('status')) as { status: string }[];
    expect(cards.map((c) => c.status)).toEqual([
      'contact-later',
      'not-interested',
      'unqualified',
      'replied',
      'contact-later',
    ]);
    // What the board shows on each card, through the API.
    const shown = await Promise.all(
      leads.map(async (lead) => {
        const { id } = (await db()('conversations').where({ lead_id: lead.id }).first('id')) as {
          id: number;
        };
        const c = await account.call(contract.conversations.get, { params: { id } });
        return { contactOn: c.contactOn, needsPerson: c.needsPerson, note: c.note };
      }),
    );
    expect(shown).toEqual([
      { contactOn: '2026-06-08', needsPerson: null, note: null },
      { contactOn: null, needsPerson: null, note: null },
      { contactOn: null, needsPerson: null, note: 'Pointed to Sarah Miller (not the right person)' },
      { contactOn: null, needsPerson: expect.stringMatching(/^Written in Spanish/), note: null },
      { contactOn: '2026-06-11', needsPerson: null, note: null },
    ]);
    // A person who moves the card has answered what needed a person.
    const foreignCard = (await db()('conversations').where({ lead_id: foreign.id }).first('id')) as {
      id: number;
    };
    const moved = await account.call(contract.conversations.move, {
      body: { id: Number(foreignCard.id), fields: { order: 0, status: 'qualified' } },
    });
    expect(moved.needsPerson).toBeNull();

    // The day before the named day: nothing for Lead1. Sunday 7 June in Berlin, 23:30.
    clock.set('2026-06-07T21:30:00Z');
    await runUntilIdle([executor], clock);
    expect(network.messagesTo(later.url)).toHaveLength(2);
    // The named day, once working hours start.
    clock.set('2026-06-08T07:05:00Z');
    await runUntilIdle([executor], clock);
    expect(network.messagesTo(later.url).at(-1)).toBe('Hi Lead1, you asked me to write again about now.');
    expect(network.messagesTo(vague.url)).toHaveLength(2);
    // "Later" once more after their day: no second reminder, a person decides.
    await report(account, profileId, [
      {
        kind: 'message',
        profileUrl: later.url,
        text: 'Not a good time, maybe later.',
        sentAt: clock.now().toISOString(),
      },
    ]);
    clock.advance({ minutes: 2 });
    await runUntilIdle([executor], clock);
    expect(await logsOf(campaign.id)).toContainEqual(
      expect.stringMatching(
        /^SIGNAL Lead1 Person asked Profile \d+ again to be contacted later .*a person should decide/,
      ),
    );
    // Ten days after "maybe later".
    clock.set('2026-06-11T09:10:00Z');
    await runUntilIdle([executor], clock);
    expect(network.messagesTo(vague.url).at(-1)).toBe('Hi Lead5, you asked me to write again about now.');
    clock.set('2026-07-20T09:10:00Z');
    await runUntilIdle([executor], clock);
    expect(network.messagesTo(later.url)).toEqual([
      'Hello Lead1',
      'Sure Lead1, I will write again then.',
      'Hi Lead1, you asked me to write again about now.',
    ]);

    // Another campaign, another profile, another collection: the stopped and the wrong person are
    // never contacted again; the one who answered in Spanish may be.
    const otherProfile = await seedProfile(server, account.organizationId);
    await db()('profiles')
      .where({ id: otherProfile })
      .update({ warmup_started_at: new Date('2026-01-01') });
    const otherCollection = await seedCollection(server, account.organizationId, 'Again');
    const fresh = 'https://network.example/people/someone-new';
    await db()('leads').insert(
      [stop.url, wrong.url, fresh].map((url, i) => ({
        organization_id: account.organizationId,
        collection_id: otherCollection,
        profile_url: url,
        name: `Again ${i}`,
        has_message_button: true,
      })),
    );
    const again = await startCampaign(account, {
      name: 'Again',
      collectionId: otherCollection,
      profileIds: [otherProfile],
      steps: [{ type: 'friendRequest' }, { type: 'welcomeMessage', template: 'Hi again' }],
      workingHours: { start: '00:00', end: '23:59' },
      gapSeconds: { min: 60, max: 60 },
    });
    const second = new ScriptedExecutor(account.call, otherProfile, network);
    await runUntilIdle([second], clock);
    expect(network.requests.get(fresh)).toEqual([otherProfile]);
    expect(network.requests.get(stop.url) ?? []).toEqual([]);
    expect(network.requests.get(wrong.url) ?? []).toEqual([]);
    expect(network.messagesTo(stop.url)).toEqual(['Hello Lead2']);
    // Not planned for them, or skipped at the claim: the second campaign did nothing for either.
    const done = (await db()('campaign_tasks as t')
      .join('leads as l', 'l.id', 't.lead_id')
      .where({ 't.campaign_id': again.id, 't.status': 'done' })
      .select('l.profile_url')) as { profile_url: string }[];
    expect(done.map((t) => t.profile_url)).toEqual([fresh]);
  });

  it('cancels the planned message when the lead writes again before the day', async () => {
    clock.set('2026-06-15T08:00:00Z');
    const { account, collectionId, profileIds, executor, network } = await setupCampaignOrg(
      server,
      'earlier',
    );
    await licensedAndWarmedUp(account.organizationId, profileIds);
    const [lead] = await seedLeads(server, account.organizationId, collectionId, 1);
    if (!lead) throw new Error('no lead');
    await startCampaign(account, {
      name: 'Earlier',
      collectionId,
      profileIds,
      steps: [
        { type: 'welcomeMessage', template: 'Hello {firstName}' },
        {
          type: 'aiReply',
          intents: { interested: 'Great, {firstName}!', 'contact-later': 'Sure, talk later.' },
        },
        { type: 'followUp', afterDays: 3, template: 'Any thoughts, {firstName}?' },
      ],
      workingHours: { start: '00:00', end: '23:59' },
      gapSeconds: { min: 60, max: 60 },
    });
    await runUntilIdle([executor], clock);
    const profileId = profileIds[0] as number;
    await report(account, profileId, [
      { kind: 'message', profileUrl: lead.url, text: 'Maybe later', sentAt: clock.now().toISOString() },
    ]);
    clock.advance({ minutes: 2 });
    await runUntilIdle([executor], clock);
    clock.advance({ days: 2 });
    await report(account, profileId, [
      {
        kind: 'message',
        profileUrl: lead.url,
        text: 'Yes, I am interested!',
        sentAt: clock.now().toISOString(),
      },
    ]);
    clock.advance({ minutes: 2 });
    await runUntilIdle([executor], clock);
    expect(network.messagesTo(lead.url)).toEqual(['Hello Lead1', 'Sure, talk later.', 'Great, Lead1!']);
    // Thirty days on (the default delay): the message planned for "later" was cancelled.
    clock.advance({ days: 31 });
    await runUntilIdle([executor], clock);
    expect(network.messagesTo(lead.url)).toEqual(['Hello Lead1', 'Sure, talk later.', 'Great, Lead1!']);
    const planned = (await db()('campaign_tasks')
      .where({ lead_id: lead.id })
      .andWhere('step_key', 'like', 'contactLater:%')
      .select('status')) as { status: string }[];
    expect(planned).toEqual([{ status: 'cancelled' }]);
  });
});
