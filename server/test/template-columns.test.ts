import { contract } from '@reachly/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/engine/index.ts';
import {
  runUntilIdle,
  seedLeads,
  setupCampaignOrg,
  startCampaign,
  startEngineServer,
} from './helpers/campaign-run.ts';
import { campaignSetup, createCampaign, validCampaignBody } from './helpers/campaign-setup.ts';
import { seedCollection } from './helpers/seed-conversations.ts';
import { expectRefused, registerAccount, strict, type TestServer } from './helpers/test-server.ts';

/**
 * Templates against the leads they go to (issue 17): a step may name an imported CSV column
 * ("Company name" is {companyName}); a column no lead of the collection has is refused naming the
 * step; the preview renders a real lead and counts the leads a variable would leave empty; the
 * message a profile sends carries the lead's own value, or the fallback.
 */
let server: TestServer;
const clock = new ManualClock('2026-06-01T09:30:00Z');
beforeAll(async () => {
  server = await startEngineServer(clock);
});
afterAll(() => server?.close());

/** A campaign set-up whose three leads have imported columns; the third has no company. */
async function setupWithColumns(prefix: string) {
  const s = await campaignSetup(server, prefix);
  const leads = await seedLeads(server, s.account.organizationId, s.collectionId, 3);
  const values = [
    { 'Company name': 'Acme', City: 'Lyon' },
    { 'Company name': 'Globex', City: ' ' },
    { City: 'Oslo' },
  ];
  for (const [i, lead] of leads.entries()) {
    await server.database
      .db('leads')
      .where({ id: lead.id })
      .update({ fields: JSON.stringify(values[i]) });
  }
  return { ...s, leads };
}

const campaignsOf = (organizationId: number) =>
  server.database.db('campaigns').where({ organization_id: organizationId }).select('id', 'settings');

describe('preview for a real lead of the collection', () => {
  it('renders the first lead with its columns and counts the leads each variable leaves empty', async () => {
    const s = await setupWithColumns('tc-preview');
    const preview = (body: { template: string; leadId?: number }) =>
      s.account.call(strict(contract.campaigns.previewTemplate), {
        body: { ...body, collectionId: s.collectionId },
      });
    const answer = await preview({ template: 'Hi {firstName} at {companyName} in {{city|your city}}' });
    expect(answer).toEqual({
      text: 'Hi Lead1 at Acme in Lyon',
      variants: 1,
      lead: { id: s.leads[0]?.id, name: 'Lead1 Person' },
      leads: 3,
      // {city} has a fallback: not counted; the third lead has no company.
      missing: [{ variable: 'companyName', leads: 1 }],
    });
    const second = await preview({
      template: '{{companyName|your team}} in {{city|your city}}',
      leadId: s.leads[1]?.id as number,
    });
    expect(second.text).toBe('Globex in your city');
    expect(second.missing).toEqual([]);
    // A collection without leads yet: the sample lead the page sends.
    const empty = await seedCollection(server, s.account.organizationId, 'tc-preview empty');
    const sample = await s.account.call(strict(contract.campaigns.previewTemplate), {
      body: { template: 'Hi {firstName}', collectionId: empty, lead: { name: 'Alex Morgan' } },
    });
    expect(sample).toEqual({ text: 'Hi Alex', variants: 1, lead: null, leads: 0, missing: [] });
    const third = await preview({
      template: 'At {companyName}, {firstName}.',
      leadId: s.leads[2]?.id as number,
    });
    expect(third.text).toBe('At, Lead3.');
  });

  it('refuses a column no lead has (naming it and the nearest one), a lead of another collection, and another organisation', async () => {
    const s = await setupWithColumns('tc-preview-bad');
    const body = (template: string, extra: { leadId?: number; collectionId?: number } = {}) => ({
      body: { template, collectionId: s.collectionId, ...extra },
    });
    const unknown = await expectRefused(
      server,
      'unknown column',
      () => s.account.call(contract.campaigns.previewTemplate, body('At {compnyName}')),
      400,
    );
    expect(unknown.message).toBe(
      'Unknown variable {compnyName} at character 4 (did you mean {companyName}?)',
    );
    const elsewhere = await seedCollection(server, s.account.organizationId, 'tc other');
    const [outside] = await seedLeads(server, s.account.organizationId, elsewhere, 1, { tag: 'tc-out' });
    const wrongLead = await expectRefused(
      server,
      'a lead of another collection',
      () => s.account.call(contract.campaigns.previewTemplate, body('Hi', { leadId: outside?.id as number })),
      400,
    );
    expect(wrongLead.message).toContain('not in this collection');
    const stranger = await registerAccount(server, 'tc-stranger');
    await expectRefused(
      server,
      "another organisation's collection",
      () => stranger.call(contract.campaigns.previewTemplate, body('Hi {companyName}')),
      404,
    );
  });
});

describe('a campaign step naming an imported column', () => {
  it('is kept when a lead of the collection has the column', async () => {
    const s = await setupWithColumns('tc-create');
    const campaign = await createCampaign(s, {
      steps: [
        { type: 'friendRequest' },
        { type: 'welcomeMessage', template: 'Hi {firstName} of {companyName}' },
      ],
    });
    expect(campaign.steps[1]).toEqual({
      type: 'welcomeMessage',
      template: 'Hi {firstName} of {companyName}',
    });
  });

  it('is refused naming the step and the field when no lead has it, on create and on edit, and nothing changes', async () => {
    const s = await setupWithColumns('tc-refuse');
    const steps = [
      { type: 'friendRequest' as const },
      { type: 'welcomeMessage' as const, template: 'Hi {firstName}' },
      { type: 'followUp' as const, afterDays: 3, template: 'Still at {compnyName}?' },
    ];
    const error = await expectRefused(
      server,
      'create',
      () => s.account.call(contract.campaigns.create, { body: validCampaignBody(s, { steps }) }),
      400,
    );
    expect(error.message).toBe(
      'Step 3 (follow-up): Unknown variable {compnyName} at character 10 (did you mean {companyName}?)',
    );
    expect(error.details).toEqual([
      { path: ['steps', '2', 'template'], code: 'custom', message: error.message },
    ]);
    expect(await campaignsOf(s.account.organizationId)).toEqual([]);

    const campaign = await createCampaign(s);
    const before = await campaignsOf(s.account.organizationId);
    await expectRefused(
      server,
      'edit',
      () => s.account.call(contract.campaigns.update, { params: { id: campaign.id }, body: { steps } }),
      400,
    );
    // Moving the campaign to a collection whose leads lack a column its steps use is refused too.
    await s.account.call(contract.campaigns.update, {
      params: { id: campaign.id },
      body: { steps: [{ type: 'welcomeMessage', template: 'Hi {companyName}' }] },
    });
    const empty = await seedCollection(server, s.account.organizationId, 'tc empty');
    const moved = await expectRefused(
      server,
      'move to a collection without the column',
      () =>
        s.account.call(contract.campaigns.update, {
          params: { id: campaign.id },
          body: { collectionId: empty },
        }),
      400,
    );
    expect(moved.message).toMatch(/^Step 1 \(welcome message\): Unknown variable \{companyName\}/);
    expect((await campaignsOf(s.account.organizationId)).length).toBe(before.length);
  });
});

describe('a message sent to a lead', () => {
  it("carries the lead's imported column, or the fallback for a lead without it", async () => {
    clock.set('2026-06-02T09:30:00Z');
    const org = await setupCampaignOrg(server, 'tc-send');
    const leads = await seedLeads(server, org.account.organizationId, org.collectionId, 2);
    await server.database
      .db('leads')
      .where({ id: leads[0]?.id })
      .update({ fields: JSON.stringify({ 'Company name': 'Acme' }) });
    await startCampaign(org.account, {
      name: 'Columns',
      collectionId: org.collectionId,
      profileIds: org.profileIds,
      steps: [{ type: 'welcomeMessage', template: 'Hi {firstName} at {{companyName|your team}}!' }],
      gapSeconds: { min: 60, max: 60 },
    });
    await runUntilIdle(org.executors, clock);
    expect(org.network.messagesTo(leads[0]?.url as string)).toEqual(['Hi Lead1 at Acme!']);
    expect(org.network.messagesTo(leads[1]?.url as string)).toEqual(['Hi Lead2 at your team!']);
    org.socket.disconnect();
  });
});
