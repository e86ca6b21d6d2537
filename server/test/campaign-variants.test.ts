import { contract } from '@reachly/shared/contract';
import { abVariantOf } from '@reachly/shared/logic';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/engine/index.ts';
import {
  reportEvents,
  runUntilIdle,
  seedLeads,
  setupCampaignOrg,
  startCampaign,
  startEngineServer,
} from './helpers/campaign-run.ts';
import { expectCallError, expectError } from './helpers/conversations.ts';

/**
 * A/B versions of a message step (issue 17): each lead gets one version (abVariantOf its id, the
 * same at every claim), the leads split over them, and GET /api/campaigns/:id/variants counts per
 * version the messages sent, the leads who replied after one and those whose reply read positive.
 * Keeping the winner is a PATCH of the steps: new messages are the winner's, the results stay.
 */
const clock = new ManualClock('2026-06-01T09:30:00Z');
let server: Awaited<ReturnType<typeof startEngineServer>>;
beforeAll(async () => {
  server = await startEngineServer(clock);
});
afterAll(() => server?.close());

const A = 'Hello {firstName}, version A';
const B = 'Hi {firstName}, version B';

describe('A/B versions of a message step', () => {
  it('splits the leads over the versions, reports each one, and keeps the winner', async () => {
    const { account, collectionId, profileIds, executor, network } = await setupCampaignOrg(
      server,
      'ab-split',
    );
    const profileId = profileIds[0] as number;
    const leads = await seedLeads(server, account.organizationId, collectionId, 12);
    const campaign = await startCampaign(account, {
      name: 'AB',
      collectionId,
      profileIds,
      steps: [
        { type: 'welcomeMessage', template: A, abVariants: [B] },
        { type: 'aiReply', intents: { interested: 'Great, {firstName}!', question: 'Good question!' } },
      ],
      dailyCaps: { welcomeMessage: 100, aiReply: 100 },
      gapSeconds: { min: 10, max: 10 },
      workingHours: { start: '00:00', end: '23:59' },
    });
    await runUntilIdle([executor], clock);

    // Each lead got the version of its share, with its own name.
    const sent = leads.map((lead) => network.messages.get(lead.url)?.map((m) => m.text) ?? []);
    leads.forEach((lead, i) => {
      const first = lead.name.split(' ')[0];
      const expected = abVariantOf(lead.id, 2) === 0 ? `Hello ${first}, version A` : `Hi ${first}, version B`;
      expect(sent[i]).toEqual([expected]);
    });
    const gotA = leads.filter((l) => abVariantOf(l.id, 2) === 0);
    const gotB = leads.filter((l) => abVariantOf(l.id, 2) === 1);
    expect(gotA.length).toBeGreaterThan(0);
    expect(gotB.length).toBeGreaterThan(0);

    // Two of A's leads answer, one keen; one of B's says no.
    const [a1, a2] = gotA as [(typeof gotA)[0], (typeof gotA)[0]];
    const [b1] = gotB as [(typeof gotB)[0]];
    clock.advance({ hours: 1 });
    const at = clock.now().toISOString();
    await reportEvents(account, profileId, [
      { kind: 'message', profileUrl: a1.url, text: 'Yes, I am interested. Tell me more!', sentAt: at },
      { kind: 'message', profileUrl: a2.url, text: 'How much does it cost?', sentAt: at },
      { kind: 'message', profileUrl: b1.url, text: 'Not interested, please do not write again.', sentAt: at },
    ]);
    await runUntilIdle([executor], clock);

    const [welcome] = await account.call(contract.campaigns.variants, { params: { id: campaign.id } });
    expect(welcome).toMatchObject({ step: 'welcomeMessage', label: 'Welcome message', stepIndex: 0 });
    expect(welcome?.versions).toMatchObject([
      { variant: 'A', template: A, sent: gotA.length, replied: 2, replyRate: 2 / gotA.length },
      { variant: 'B', template: B, sent: gotB.length, replied: 1, positive: 0, replyRate: 1 / gotB.length },
    ]);
    expect(welcome?.versions[0]?.positive).toBe(2);

    // Keep A: the step loses its other versions, the test's results stay, B's text is gone.
    const current = await account.call(contract.campaigns.get, { params: { id: campaign.id } });
    await account.call(contract.campaigns.update, {
      params: { id: campaign.id },
      body: {
        steps: current.steps.map((s) => (s.type === 'welcomeMessage' ? { type: s.type, template: A } : s)),
      },
    });
    const kept = await account.call(contract.campaigns.variants, { params: { id: campaign.id } });
    expect(kept[0]?.versions.map((v) => [v.variant, v.template, v.sent])).toEqual([
      ['A', A, gotA.length],
      ['B', null, gotB.length],
    ]);
  });

  it('answers 404 for another organisation’s campaign and 400 for a fifth version', async () => {
    const owner = await setupCampaignOrg(server, 'ab-owner');
    const other = await setupCampaignOrg(server, 'ab-other');
    const { id } = await owner.account.call(contract.campaigns.create, {
      body: {
        name: 'Mine',
        collectionId: owner.collectionId,
        profileIds: owner.profileIds,
        steps: [{ type: 'welcomeMessage', template: A, abVariants: [B] }],
      },
    });
    expect(await owner.account.call(contract.campaigns.variants, { params: { id } })).toMatchObject([
      {
        step: 'welcomeMessage',
        versions: [
          { sent: 0, replyRate: null },
          { sent: 0, replyRate: null },
        ],
      },
    ]);
    await expectCallError(other.account.call(contract.campaigns.variants, { params: { id } }), 404);
    const response = await owner.account.api.request('POST', '/api/campaigns', {
      json: {
        name: 'Too many',
        collectionId: owner.collectionId,
        profileIds: owner.profileIds,
        steps: [{ type: 'welcomeMessage', template: A, abVariants: [B, 'C', 'D', 'E'] }],
      },
    });
    const error = expectError(response, 400);
    expect(JSON.stringify(error.details)).toContain('At most 3 other versions of a message');
  });
});
