import { contract } from '@reachly/shared/contract';
import { doNotContactMatch, type MatchableLead } from '@reachly/shared/logic';
import type { ExecutorTask } from '@reachly/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/engine/index.ts';
import { LEAD_LISTED_SQL } from '../src/services/do-not-contact/task-sweep.ts';
import {
  campaignLog,
  runUntilIdle,
  setupCampaignOrg,
  startCampaign,
  startEngineServer,
} from './helpers/campaign-run.ts';
import { seedCollection } from './helpers/seed-conversations.ts';
import {
  apiErrorOf,
  expectRefused,
  inviteAccount,
  registerAccount,
  strict,
  type TestAccount,
  type TestServer,
} from './helpers/test-server.ts';

/**
 * The organisation's do-not-contact list (issue 17): its endpoints, the database's rule of what an
 * entry matches held against the shared one, planning that leaves listed people out, and claims
 * that never hand out a task of a person listed after planning. 2026-06-01 is a Monday.
 */
const clock = new ManualClock('2026-06-01T09:30:00Z');
let server: TestServer;
beforeAll(async () => {
  server = await startEngineServer(clock);
});
afterAll(() => server?.close());

const db = () => server.database.db;

interface SeededLead extends MatchableLead {
  id: number;
}

/** Leads with names and imported columns, straight into the database. */
async function seedPeople(
  organizationId: number,
  collectionId: number,
  people: {
    slug: string;
    name: string | null;
    firstName?: string;
    lastName?: string;
    fields?: Record<string, string>;
  }[],
): Promise<SeededLead[]> {
  const rows = (await db()('leads')
    .insert(
      people.map((p) => ({
        organization_id: organizationId,
        collection_id: collectionId,
        profile_url: `https://network.example/people/${p.slug}`,
        name: p.name,
        first_name: p.firstName ?? null,
        last_name: p.lastName ?? null,
        has_message_button: true,
        fields: JSON.stringify(p.fields ?? {}),
      })),
    )
    .returning('id')) as { id: number }[];
  return people.map((p, i) => ({
    id: Number(rows[i]?.id),
    profileUrl: `https://network.example/people/${p.slug}`,
    name: p.name,
    firstName: p.firstName ?? null,
    lastName: p.lastName ?? null,
    fields: p.fields ?? {},
  }));
}

const add = (
  account: TestAccount,
  kind: 'profileUrl' | 'networkId' | 'name' | 'company' | 'keyword',
  value: string,
) => account.call(contract.doNotContact.add, { body: { kind, value, note: 'test' } });

const urlOf = (task: ExecutorTask) => ('lead' in task ? task.lead.profileUrl : null);

describe('the list', () => {
  it('adds, finds, lists newest first and deletes entries, with who added them', async () => {
    const account = await registerAccount(server, 'dnc-list');
    const first = await add(account, 'profileUrl', 'https://www.Network.example/people/ada/?ref=1');
    expect(first.alreadyListed).toBe(false);
    expect(first.entry).toMatchObject({
      kind: 'profileUrl',
      value: 'https://network.example/people/ada',
      note: 'test',
      addedBy: account.email,
    });
    const again = await add(account, 'profileUrl', 'https://network.example/people/ada');
    expect(again).toMatchObject({ alreadyListed: true, entry: { id: first.entry.id } });
    await add(account, 'company', 'ACME, Inc.');
    await add(account, 'keyword', 'Recruiter');

    const all = await account.call(strict(contract.doNotContact.list), { query: {} });
    expect(all.totalCount).toBe(3);
    expect(all.entries.map((e) => e.value)).toEqual([
      'recruiter',
      'acme inc',
      'https://network.example/people/ada',
    ]);
    const found = await account.call(contract.doNotContact.list, { query: { search: 'acme' } });
    expect(found.entries.map((e) => e.kind)).toEqual(['company']);
    const page = await account.call(contract.doNotContact.list, { query: { limit: 2 } });
    expect(page.hasMore).toBe(true);
    const next = await account.call(contract.doNotContact.list, {
      query: { limit: 2, lastId: page.entries[1]?.id },
    });
    expect(next.entries.map((e) => e.id)).toEqual([first.entry.id]);

    const removed = await account.call(contract.doNotContact.remove, { params: { id: first.entry.id } });
    expect(removed.id).toBe(first.entry.id);
    expect((await account.call(contract.doNotContact.list, { query: {} })).totalCount).toBe(2);
  });

  it('answers 400 to bad input and writes nothing', async () => {
    const account = await registerAccount(server, 'dnc-bad');
    const bodies = [
      { kind: 'profileUrl', value: 'not a link', note: '' },
      { kind: 'company', value: '   ', note: '' },
      { kind: 'keyword', value: '!!!', note: '' },
      { kind: 'networkId', value: 'a/b', note: '' },
      { kind: 'colour', value: 'blue', note: '' },
      { kind: 'name', value: 'Ada', note: 'x'.repeat(501) },
      { kind: 'name', value: 'Ada', note: '', extra: 1 },
    ];
    for (const body of bodies) {
      const error = await expectRefused(
        server,
        JSON.stringify(body).slice(0, 80),
        () => account.call(contract.doNotContact.add, { body: body as never }),
        400,
      );
      expect(error.code).toBe('BAD_REQUEST');
    }
    const noKind = await expectRefused(
      server,
      'import without a kind header',
      () => account.call(contract.doNotContact.import, { body: { csv: 'foo,bar\nAcme,x\n' } }),
      400,
    );
    expect(noKind.message).toMatch(/names no kind/);
    await expectRefused(
      server,
      'empty import',
      () => account.call(contract.doNotContact.import, { body: { csv: '' } }),
      400,
    );
  });

  it('imports a CSV file: adds the good lines, reports duplicate and bad lines by number', async () => {
    const account = await registerAccount(server, 'dnc-import');
    await add(account, 'company', 'Globex');
    const csv = [
      'kind,value',
      'company,Acme',
      'company,globex',
      'colour,blue',
      'profileUrl,https://network.example/people/bob',
      'profileUrl,not-a-url',
      '',
      'keyword,"head hunter"',
      'company,ACME',
    ].join('\r\n');
    const result = await account.call(contract.doNotContact.import, { body: { csv, note: 'From CRM' } });
    expect(result).toEqual({
      added: 3,
      duplicateCount: 2,
      duplicates: [
        { line: 3, reason: 'Already on the list' },
        { line: 9, reason: 'Same as line 2' },
      ],
      badCount: 2,
      bad: [
        { line: 4, reason: 'Unknown kind "colour"' },
        { line: 6, reason: 'Not an http(s) link to a profile' },
      ],
      skippedTasks: 0,
    });
    const list = await account.call(contract.doNotContact.list, { query: {} });
    expect(list.entries.map((e) => `${e.kind}:${e.value}:${e.note}`).sort()).toEqual([
      'company:acme:From CRM',
      'company:globex:test',
      'keyword:head hunter:From CRM',
      'profileUrl:https://network.example/people/bob:From CRM',
    ]);

    // A column per kind, separated by semicolons.
    const columns = await account.call(contract.doNotContact.import, {
      body: { csv: 'Name;Company;Notes\nAda Lovelace;;x\n;Initech;y\n' },
    });
    expect(columns).toMatchObject({ added: 2, badCount: 0, duplicateCount: 0 });
  });

  it('lets a member add people but only an owner or admin take them off (403, the entry stays)', async () => {
    const owner = await registerAccount(server, 'dnc-roles');
    const member = await inviteAccount(server, owner, 'dnc-member');
    const { entry } = await add(member, 'keyword', 'member-added');
    const error = await apiErrorOf(member.call(contract.doNotContact.remove, { params: { id: entry.id } }));
    expect(error.status).toBe(403);
    expect(error.message).toBe(
      'Only an owner or admin may do this (take people off the do-not-contact list).',
    );
    expect((await member.call(contract.doNotContact.list, { query: {} })).totalCount).toBe(1);
    await owner.call(contract.doNotContact.remove, { params: { id: entry.id } });
    expect((await member.call(contract.doNotContact.list, { query: {} })).totalCount).toBe(0);
  });

  it("answers 404 for another organisation's entry and deletes nothing", async () => {
    const owner = await registerAccount(server, 'dnc-owner');
    const stranger = await registerAccount(server, 'dnc-stranger');
    const { entry } = await add(owner, 'keyword', 'secret');
    const error = await apiErrorOf(stranger.call(contract.doNotContact.remove, { params: { id: entry.id } }));
    expect(error.status).toBe(404);
    expect((await stranger.call(contract.doNotContact.list, { query: {} })).totalCount).toBe(0);
    expect((await owner.call(contract.doNotContact.list, { query: {} })).totalCount).toBe(1);
  });
});

describe('what an entry matches', () => {
  it('is the same in the database as in the shared rule', async () => {
    const account = await registerAccount(server, 'dnc-rule');
    const collectionId = await seedCollection(server, account.organizationId, 'rule');
    const leads = await seedPeople(account.organizationId, collectionId, [
      { slug: 'ada', name: 'Ada Lovelace', fields: { Company: 'ACME, Inc.' } },
      { slug: 'bob', name: null, firstName: 'Bob', lastName: 'Müller' },
      { slug: 'cy', name: 'Cy Young', fields: { company: 'Acme Incorporated', Title: 'Senior Recruiter' } },
      { slug: 'dee', name: 'Dee', fields: { Title: 'Recruiters lead', City: 'Lyon' } },
      { slug: 'eve', name: 'Eve Head-Hunter', fields: {} },
      { slug: 'fay', name: 'Fay', fields: { Employer: 'Acme Inc' } },
      { slug: 'gus', name: 'GUS', fields: { COMPANY: 'Globex' } },
      { slug: 'hal', name: 'Hal', fields: { Notes: 'met at Lyon-Expo' } },
    ]);
    const entries = [
      (await add(account, 'company', 'acme inc')).entry,
      (await add(account, 'name', 'bob müller')).entry,
      (await add(account, 'keyword', 'recruiter')).entry,
      (await add(account, 'keyword', 'head hunter')).entry,
      (await add(account, 'networkId', 'GUS')).entry,
      (await add(account, 'keyword', 'lyon expo')).entry,
    ];
    const inDatabase = (await db().raw(
      `select l.id, ${LEAD_LISTED_SQL} as entry from leads l where l.collection_id = ? order by l.id`,
      [collectionId],
    )) as { rows: { id: number; entry: number | null }[] };
    const shared = leads.map((lead) => doNotContactMatch(entries, lead)?.id ?? null);
    expect(inDatabase.rows.map((r) => r.entry)).toEqual(shared);
    // ada (company), bob (name), cy (keyword), eve (keyword), gus (network id), hal (keyword); dee and fay are not.
    expect(shared.map((id) => id !== null)).toEqual([true, true, true, false, true, false, true, true]);
  });
});

describe('campaigns', () => {
  it('leave listed people out when planning and count them as skipped', async () => {
    clock.set('2026-06-01T09:30:00Z');
    const { account, collectionId, profileIds, executors } = await setupCampaignOrg(server, 'dnc-plan', {
      profiles: 2,
    });
    const leads = await seedPeople(account.organizationId, collectionId, [
      { slug: 'p1', name: 'Ann Acme', fields: { Company: 'Acme' } },
      { slug: 'p2', name: 'Ben Other', fields: { Company: 'Other' } },
      { slug: 'p3', name: 'Cat Acme', fields: { company: 'ACME' } },
      { slug: 'p4', name: 'Dan Free', fields: {} },
    ]);
    await add(account, 'keyword', 'Acme');
    const campaign = await startCampaign(account, {
      name: 'Plan',
      collectionId,
      profileIds,
      steps: [{ type: 'friendRequest' }],
      gapSeconds: { min: 60, max: 60 },
    });
    const run = await runUntilIdle(executors, clock);
    expect(run.tasks.map(urlOf).sort()).toEqual([leads[1]?.profileUrl, leads[3]?.profileUrl].sort());
    const skipped = await db()('campaign_tasks')
      .where({ campaign_id: campaign.id, status: 'skipped' })
      .select('lead_id', 'result');
    expect(skipped.map((t) => Number(t.lead_id)).sort()).toEqual([leads[0]?.id, leads[2]?.id].sort());
    expect(skipped.every((t) => (t.result as { reason: string }).reason === 'do-not-contact')).toBe(true);
    const log = await campaignLog(server, campaign.id);
    expect(log.map((l) => l.message)).toContain(
      '2 new lead(s) targeted; 2 skipped: on the do-not-contact list',
    );
  });

  it('never hand out a task of a person listed after planning, from any profile or campaign', async () => {
    clock.set('2026-06-02T09:30:00Z');
    const { account, collectionId, profileIds, executors } = await setupCampaignOrg(server, 'dnc-claim', {
      profiles: 2,
    });
    const leads = await seedPeople(
      account.organizationId,
      collectionId,
      Array.from({ length: 8 }, (_, i) => ({
        slug: `q${i}`,
        name: `${i === 1 ? 'Talent recruiter' : 'Person'} ${i} of ${i % 2 === 0 ? 'Initech' : 'Hooli'}`,
      })),
    );
    const secondCollection = await seedCollection(server, account.organizationId, 'second');
    // The same people in a second collection worked by a second campaign.
    await db()('leads').insert(
      leads.map((l) => ({
        organization_id: account.organizationId,
        collection_id: secondCollection,
        profile_url: l.profileUrl,
        name: l.name,
        has_message_button: true,
      })),
    );
    const steps = [{ type: 'friendRequest' as const }];
    const gapSeconds = { min: 60, max: 60 };
    const one = await startCampaign(account, { name: 'One', collectionId, profileIds, steps, gapSeconds });
    await startCampaign(account, {
      name: 'Two',
      collectionId: secondCollection,
      profileIds,
      steps,
      gapSeconds,
    });
    const planned = await db()('campaign_tasks')
      .where({ organization_id: account.organizationId, status: 'pending' })
      .count({ n: '*' })
      .first();
    expect(Number(planned?.n)).toBe(16);

    // Listed after planning: the pending tasks of their leads (both campaigns) are skipped at once.
    const { skippedTasks } = await add(account, 'keyword', 'initech');
    expect(skippedTasks).toBe(8);
    // A listing the sweep did not see (written straight into the table): the claim itself refuses it.
    await db()('do_not_contact_entries').insert({
      organization_id: account.organizationId,
      kind: 'keyword',
      value: 'recruiter',
      note: '',
    });

    const run = await runUntilIdle(executors, clock);
    const contacted = new Set(run.tasks.map(urlOf));
    const listed = leads.filter((l) => /Initech|recruiter/.test(l.name ?? ''));
    for (const lead of listed) expect(contacted.has(lead.profileUrl), lead.profileUrl).toBe(false);
    expect(contacted.size).toBe(leads.length - listed.length);
    const refused = await db()('campaign_tasks')
      .where({ organization_id: account.organizationId, status: 'skipped' })
      .whereIn('lead_id', db()('leads').where({ profile_url: leads[1]?.profileUrl }).select('id'))
      .select('result');
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((t) => JSON.stringify(t.result).includes('do-not-contact'))).toBe(true);
    expect(one.id).toBeGreaterThan(0);
  });

  it('leave out the people of a listed company (their imported company column)', async () => {
    clock.set('2026-06-04T09:30:00Z');
    const { account, collectionId, profileIds, executors } = await setupCampaignOrg(server, 'dnc-company');
    const leads = await seedPeople(account.organizationId, collectionId, [
      { slug: 'co1', name: 'Ann', fields: { Company: 'Umbrella Corp.' } },
      { slug: 'co2', name: 'Ben', fields: { company: 'Umbrella Corporation' } },
      { slug: 'co3', name: 'Cat', fields: { COMPANY: 'umbrella corp' } },
    ]);
    await add(account, 'company', 'Umbrella Corp');
    await startCampaign(account, {
      name: 'Company',
      collectionId,
      profileIds,
      steps: [{ type: 'friendRequest' }],
      gapSeconds: { min: 60, max: 60 },
    });
    const run = await runUntilIdle(executors, clock);
    expect(run.tasks.map(urlOf)).toEqual([leads[1]?.profileUrl]);
  });

  it('plan the tasks an entry stopped again once it is taken off the list', async () => {
    clock.set('2026-06-03T09:30:00Z');
    const { account, collectionId, profileIds, executors } = await setupCampaignOrg(server, 'dnc-undo');
    const [ann] = await seedPeople(account.organizationId, collectionId, [
      { slug: 'undo', name: 'Ann Undo' },
    ]);
    await startCampaign(account, {
      name: 'Undo',
      collectionId,
      profileIds,
      steps: [{ type: 'friendRequest' }],
      gapSeconds: { min: 60, max: 60 },
    });
    const { entry, skippedTasks } = await add(account, 'profileUrl', ann?.profileUrl ?? '');
    expect(skippedTasks).toBe(1);
    const removed = await account.call(contract.doNotContact.remove, { params: { id: entry.id } });
    expect(removed.restoredTasks).toBe(1);
    const run = await runUntilIdle(executors, clock);
    expect(run.tasks.map(urlOf)).toEqual([ann?.profileUrl]);
  });
});
