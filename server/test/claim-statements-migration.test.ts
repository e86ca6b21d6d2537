import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationSource } from '../src/db/migrations/index.ts';
import { ACTION_PRIORITY } from '../src/engine/claim-sql.ts';
import { openTestDatabase, type TestDatabase } from './helpers/test-database.ts';

/**
 * Migration 20261129100010 (the leaner claim statements): on a database that already has campaigns,
 * tasks and claims, the look it writes reads what the look before it read (a lead's imported
 * columns now only with a message action), and the next tasks (reachly_claim_tasks) are the look's
 * tasks when asked for the same pairs; down brings the functions back as they were.
 */
const NAME = '20261129100010-leaner-claim';
const NOW = '2026-06-01T12:00:00.000Z';
const DAY_START = '2026-06-01T00:00:00.000Z';
let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.destroy());

type Json = Record<string, unknown>;

/** The look of `profileId`, as the claim asks for it (two tasks per action). */
async function look(organizationId: number, profileId: number): Promise<Json> {
  const { rows } = (await database.db.raw('select reachly_claim_look(?, ?, ?, ?, ?::text[], ?, ?) as v', [
    organizationId,
    profileId,
    NOW,
    DAY_START,
    [...ACTION_PRIORITY],
    2,
    false,
  ])) as { rows: { v: unknown }[] };
  const value = rows[0]?.v;
  return (typeof value === 'string' ? JSON.parse(value) : value) as Json;
}

/** An organisation with one profile in a running and a paused campaign, their tasks in every state. */
async function seed(): Promise<{ organizationId: number; profileId: number; running: number }> {
  const db = database.db;
  const [org] = await db('organizations')
    .insert({ name: 'Before the leaner claim', invite_token: 'claim-statements-migration' })
    .returning('id');
  const organizationId = Number(org.id);
  const [collection] = await db('collections')
    .insert({ organization_id: organizationId, name: 'Leads' })
    .returning('id');
  const leads: number[] = [];
  for (let i = 0; i < 8; i += 1) {
    const [lead] = await db('leads')
      .insert({
        organization_id: organizationId,
        collection_id: collection.id,
        profile_url: `https://network.example/in/lead-${i}`,
        name: `Lead ${i}`,
        fields: JSON.stringify({ company: `Company ${i}` }),
      })
      .returning('id');
    leads.push(Number(lead.id));
  }
  const [profile] = await db('profiles')
    .insert({ organization_id: organizationId, name: 'Profile' })
    .returning('id');
  const profileId = Number(profile.id);
  const settings = JSON.stringify({
    steps: [{ type: 'friendRequest' }, { type: 'welcomeMessage', template: 'Hi {firstName}' }],
    dailyCaps: {},
    workingHours: { start: '00:00', end: '23:59' },
    gapSeconds: { min: 60, max: 120 },
  });
  const campaigns: number[] = [];
  for (const status of ['running', 'paused']) {
    const [campaign] = await db('campaigns')
      .insert({
        organization_id: organizationId,
        collection_id: collection.id,
        name: status,
        status,
        settings,
      })
      .returning('id');
    campaigns.push(Number(campaign.id));
    await db('campaign_profiles').insert({
      organization_id: organizationId,
      campaign_id: campaign.id,
      profile_id: profileId,
    });
  }
  const [running, paused] = campaigns as [number, number];
  const task = (
    campaignId: number,
    lead: number,
    action: string,
    rest: Record<string, unknown> = {},
  ): Record<string, unknown> => ({
    organization_id: organizationId,
    campaign_id: campaignId,
    profile_id: profileId,
    lead_id: leads[lead],
    step_key: action,
    action,
    status: 'pending',
    due_at: '2026-06-01T08:00:00.000Z',
    ...rest,
  });
  await db('campaign_tasks').insert([
    task(running, 0, 'friendRequest', { due_at: '2026-06-01T07:00:00.000Z' }),
    task(running, 1, 'friendRequest'),
    task(running, 2, 'friendRequest'),
    // Not due yet.
    task(running, 3, 'friendRequest', { due_at: '2026-06-01T13:00:00.000Z' }),
    task(running, 4, 'welcomeMessage'),
    // A claim whose lease lapsed, and one still leased.
    task(running, 5, 'welcomeMessage', {
      status: 'claimed',
      attempts: 1,
      claimed_at: '2026-06-01T11:00:00.000Z',
      lease_until: '2026-06-01T11:05:00.000Z',
    }),
    task(running, 6, 'welcomeMessage', {
      status: 'started',
      attempts: 1,
      claimed_at: '2026-06-01T11:58:00.000Z',
      lease_until: '2026-06-01T12:03:00.000Z',
    }),
    // Claimed today and done, claimed yesterday and done, claimed today and failed.
    task(running, 7, 'friendRequest', {
      status: 'done',
      claimed_at: '2026-06-01T09:00:00.000Z',
      finished_at: '2026-06-01T09:01:00.000Z',
    }),
    task(paused, 0, 'friendRequest', {
      status: 'done',
      claimed_at: '2026-05-31T09:00:00.000Z',
      finished_at: '2026-05-31T09:01:00.000Z',
    }),
    task(paused, 1, 'friendRequest', { status: 'failed', claimed_at: '2026-06-01T10:00:00.000Z' }),
    // The paused campaign's due work is not the look's.
    task(paused, 2, 'friendRequest'),
  ]);
  // A person already claimed by the profile and campaign.
  await db('people').insert({
    organization_id: organizationId,
    profile_url: 'https://network.example/in/lead-1',
    owner_profile_id: profileId,
    owner_campaign_id: running,
  });
  return { organizationId, profileId, running };
}

describe('the leaner claim statements migration', () => {
  it('reads what the look read before it, on a database with tasks and claims, and goes down again', async () => {
    const db = database.db;
    await db.migrate.down({ migrationSource, name: NAME });
    const { organizationId, profileId, running } = await seed();
    const before = await look(organizationId, profileId);

    await db.migrate.up({ migrationSource, name: NAME });
    const after = await look(organizationId, profileId);
    const tasks = after.tasks as { task: { id: string; action: string }; lead: { fields: unknown } }[];
    // Two friend requests (the first two due), the welcome whose lease lapsed and the pending one.
    expect(tasks.map((t) => t.task.action)).toEqual([
      'welcomeMessage',
      'welcomeMessage',
      'friendRequest',
      'friendRequest',
    ]);
    expect(after.counts).toEqual({ friendRequest: 1, welcomeMessage: 2 });
    expect((after.campaigns as { id: number }[]).map((c) => c.id)).toEqual([running]);
    // The same look, but a friend request's lead without its imported columns.
    const withoutFields = (value: Json) => ({
      ...value,
      tasks: (value.tasks as { task: { action: string }; lead: Json }[]).map((t) =>
        t.task.action === 'welcomeMessage' ? t : { ...t, lead: { ...t.lead, fields: {} } },
      ),
    });
    expect(after).toEqual(withoutFields(before));
    expect(tasks[0]?.lead.fields).toEqual({ company: 'Company 4' });

    // The next tasks of the same pairs are the look's tasks.
    const pairs = ACTION_PRIORITY.map((action) => [running, action] as const);
    const { rows } = (await db.raw(
      'select reachly_claim_tasks(?, ?, ?, ?, ?::text[], ?::int[], ?::text[], ?::bigint[], ?, ?) as v',
      [
        organizationId,
        profileId,
        NOW,
        DAY_START,
        [...ACTION_PRIORITY],
        pairs.map(([c]) => c),
        pairs.map(([, a]) => a),
        [],
        2,
        100,
      ],
    )) as { rows: { v: unknown }[] };
    const next = rows[0]?.v;
    expect(typeof next === 'string' ? JSON.parse(next) : next).toEqual(after.tasks);

    // Down brings back the look as it was.
    await db.migrate.down({ migrationSource, name: NAME });
    expect(await look(organizationId, profileId)).toEqual(before);
    await db.migrate.up({ migrationSource, name: NAME });
  });
});
