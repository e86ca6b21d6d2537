import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/engine/index.ts';
import {
  reportEvents,
  runUntilIdle,
  setupCampaignOrg,
  startCampaign,
  startEngineServer,
} from './helpers/campaign-run.ts';
import { collect } from './helpers/socket.ts';
import type { TestServer } from './helpers/test-server.ts';

/**
 * Issue 14, point 10: every notice names the profile, the lead and the local time. The notices
 * about a lead's answer (a hand-off word, an answer that needs a person, a referral to someone
 * else) name the lead even when it has no name (its first and last name, else its link), and the
 * profile it wrote to; the run view shows their time in the reader's zone. 2026-06-01 is a Monday.
 */
const clock = new ManualClock('2026-06-01T09:30:00Z');
let server: TestServer;
beforeAll(async () => {
  server = await startEngineServer(clock);
});
afterAll(() => server?.close());

const db = () => server.database.db;

interface Notice {
  profileId: number | null;
  type: string;
  message: string;
}

describe('notices about a lead', () => {
  it('name the lead (its name, else first and last name, else its link) and the profile it wrote to', async () => {
    const { account, collectionId, profileIds, executor, socket } = await setupCampaignOrg(server, 'named');
    const profileId = profileIds[0] as number;
    await db()('profiles').where({ id: profileId }).update({ name: 'Mira (sales)' });
    const lead = (slug: string, names: { name?: string; first_name?: string; last_name?: string }) => ({
      organization_id: account.organizationId,
      collection_id: collectionId,
      profile_url: `https://network.example/people/${slug}`,
      name: null,
      first_name: null,
      last_name: null,
      has_message_button: true,
      ...names,
    });
    await db()('leads').insert([
      lead('link-only', {}),
      lead('first-last', { first_name: 'Olga', last_name: 'Firstlast' }),
      lead('named', { name: 'Rita Named' }),
    ]);
    await startCampaign(account, {
      name: 'Named',
      collectionId,
      profileIds,
      steps: [
        { type: 'welcomeMessage', template: 'Hello there' },
        {
          type: 'aiReply',
          intents: { unqualified: 'Thanks, I will reach out to them.' },
          fallbackTemplate: 'Thanks for your answer.',
        },
      ],
      gapSeconds: { min: 60, max: 60 },
    });
    expect((await runUntilIdle([executor], clock)).tasks).toHaveLength(3);
    const notices = collect(socket, 'campaign-notice') as Notice[];

    const sentAt = clock.now().toISOString();
    await reportEvents(account, profileId, [
      {
        kind: 'message',
        profileUrl: 'https://network.example/people/link-only',
        text: 'Stop or I will call my lawyer',
        sentAt,
      },
      {
        kind: 'message',
        profileUrl: 'https://network.example/people/first-last',
        text: '¿Cuánto cuesta esto? No hablo inglés, lo siento.',
        sentAt,
      },
      {
        kind: 'message',
        profileUrl: 'https://network.example/people/named',
        text: "I don't work there anymore, talk to Sarah Miller instead",
        sentAt,
      },
    ]);
    await expect.poll(() => notices.length).toBe(3);
    const messages = notices.map((n) => n.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'https://network.example/people/link-only wrote "lawyer" to Mira (sales): no automatic reply, a person should answer.',
        expect.stringMatching(
          /^Olga Firstlast's answer to Mira \(sales\) needs a person \(Written in Spanish/,
        ),
        expect.stringMatching(
          /^Rita Named, writing to Mira \(sales\): not the right person; pointed to Sarah Miller\. On do-not-contact/,
        ),
      ]),
    );
    for (const n of notices) {
      expect(n.profileId).toBe(profileId);
      expect(n.message).not.toMatch(/\b(a|the) lead\b/i);
    }
    // The log rows behind the notices read the same, each on its lead.
    const logs = await db()('campaign_logs')
      .where({ organization_id: account.organizationId, type: 'SIGNAL' })
      .whereNotNull('lead_id')
      .select('message');
    expect(logs.map((l: { message: string }) => l.message)).toEqual(
      expect.arrayContaining([messages.find((m) => m.includes('lawyer'))]),
    );
  });
});
