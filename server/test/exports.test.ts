import { contract } from '@reachly/shared/contract';
import { EXPORT_ROWS_HEADER } from '@reachly/shared/schemas';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCollection, seedProfile } from './helpers/seed-conversations.ts';
import {
  expectRejected,
  registerAccount,
  startTestServer,
  type TestAccount,
  type TestServer,
} from './helpers/test-server.ts';

/**
 * CSV exports (issue 20, docs/design.md §7): each file parses back (csv-parse) to exactly the rows
 * and columns expected, quotes, commas, newlines, non-ASCII and formula-like values included; bad
 * queries are 400s. A large export's streaming is exports-streaming.test.ts's.
 */

let server: TestServer;
let owner: TestAccount;

const T = {
  added: '2026-11-01T08:00:00.000Z',
  request: '2026-11-02T09:15:00.000Z',
  accepted: '2026-11-03T10:00:00.000Z',
  welcome: '2026-11-03T10:05:00.000Z',
  reply: '2026-11-04T18:30:00.000Z',
  aiReply: '2026-11-04T18:31:00.000Z',
};

let ids: {
  fair: number;
  other: number;
  campaign: number;
  zoe: number;
  kim: number;
  lee: number;
  conversation: number;
};

beforeAll(async () => {
  server = await startTestServer();
  owner = await registerAccount(server, 'exporter');
  const db = server.database.db;
  const org = owner.organizationId;
  const fair = await seedCollection(server, org, 'Spring fair: Lyon/Köln');
  const other = await seedCollection(server, org, 'Other');
  const profile = await seedProfile(server, org, 'Ana’s profile');
  const lead = async (collectionId: number, values: Record<string, unknown>) => {
    const [row] = await db('leads')
      .insert({ organization_id: org, collection_id: collectionId, created_at: T.added, ...values })
      .returning('id');
    return Number(row.id);
  };
  const zoe = await lead(fair, {
    profile_url: 'https://network.example/people/zoe',
    name: 'Zoë "The Rock", Jr.',
    first_name: 'Zoë',
    last_name: '=HYPERLINK("http://evil.example")',
    source: 'import',
    friend_request_sent_at: T.request,
    friend_accepted_at: T.accepted,
    message_sent_at: T.welcome,
    fields: JSON.stringify({
      Company: 'Acme, Inc.',
      Notes: 'line one\nline two',
      Phone: '+33 6 12 34 56 78',
    }),
  });
  const kim = await lead(fair, {
    profile_url: 'https://network.example/people/kim',
    name: '@kim',
    is_excluded: true,
    last_name: '+Kim\nof Köln',
    fields: JSON.stringify({ Company: 'Globex', City: 'Köln', Name: 'Kim from the file' }),
  });
  const lee = await lead(other, { profile_url: 'https://network.example/people/lee', name: 'Lee 李' });
  const [campaign] = await db('campaigns')
    .insert({ organization_id: org, collection_id: fair, name: 'Spring push', status: 'running' })
    .returning('id');
  await db('people').insert({
    organization_id: org,
    profile_url: 'https://network.example/people/zoe',
    owner_profile_id: profile,
    owner_campaign_id: campaign.id,
  });
  const [conversation] = await db('conversations')
    .insert({
      organization_id: org,
      lead_id: zoe,
      profile_id: profile,
      collection_id: fair,
      status: 'interested',
      order: 1000,
      status_update_date: T.reply,
      last_message: 'Yes!\r\nCall me, "soon"',
      last_message_at: T.aiReply,
      note: '-5 seats?',
      contact_on: '2026-12-01',
    })
    .returning('id');
  await db('conversation_messages').insert({
    organization_id: org,
    conversation_id: conversation.id,
    direction: 'in',
    text: 'Yes!',
    sent_at: T.reply,
  });
  const task = (action: string, finishedAt: string, stepKey = action) => ({
    organization_id: org,
    campaign_id: campaign.id,
    profile_id: profile,
    lead_id: zoe,
    step_key: stepKey,
    action,
    status: 'done',
    due_at: finishedAt,
    finished_at: finishedAt,
  });
  await db('campaign_tasks').insert([
    task('friendRequest', T.request),
    task('welcomeMessage', T.welcome),
    task('aiReply', T.aiReply, 'aiReply:1'),
  ]);
  await db('campaign_logs').insert({
    organization_id: org,
    campaign_id: campaign.id,
    profile_id: profile,
    lead_id: zoe,
    type: 'STATUS_CHANGE',
    message: 'Reply classified as interested; card moved to interested',
  });
  ids = { fair, other, campaign: Number(campaign.id), zoe, kim, lee, conversation: Number(conversation.id) };
  // Starting a server and hashing a password take long on a loaded machine.
}, 180_000);
afterAll(() => server?.close());

/** The file of a typed export call: its headers, and its records parsed back as arrays of text. */
async function csvOf(response: Promise<Response>) {
  const res = await response;
  // Response.text() would drop the byte order mark: decode with it kept.
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
  return { res, text, records: parse(text, { bom: true, relax_column_count: false }) as string[][] };
}

const today = () => new Date().toISOString().slice(0, 10);

describe('the leads export', () => {
  it("holds a collection's leads with their status, campaign, dates and every imported column", async () => {
    const { res, text, records } = await csvOf(
      owner.call(contract.exports.leads, { query: { collectionId: ids.fair } }),
    );
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''leads-Spring%20fair-%20Lyon-K%C3%B6ln-${today()}.csv`,
    );
    expect(res.headers.get(EXPORT_ROWS_HEADER)).toBe('2');
    expect(text.startsWith('\ufeffLead ID,')).toBe(true);
    // The same bytes whichever way the rows were read (COPY on PostgreSQL, batches on PGlite): CRLF
    // after each record and only there, quotes only where needed, an empty cell as nothing.
    expect(text.split('\r\n')).toHaveLength(4);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text).toContain(
      `${ids.zoe},https://network.example/people/zoe,"Zoë ""The Rock"", Jr.",Zoë,"'=HYPERLINK(""http://evil.example"")",`,
    );
    expect(text).toContain(`${ids.kim},https://network.example/people/kim,'@kim,,"'+Kim\nof Köln",`);
    expect(text).not.toMatch(/(^|,)""(,|\r\n)/m);
    expect(records).toEqual([
      [
        'Lead ID',
        'Profile URL',
        'Name',
        'First name',
        'Last name',
        'Collection',
        'Excluded',
        'Source',
        'Funnel status',
        'Campaign',
        'Profile',
        'Friend request sent at',
        'Accepted at',
        'Message sent at',
        'Last message at',
        'Added at',
        'City',
        'Company',
        'Name (imported)',
        'Notes',
        'Phone',
      ],
      [
        String(ids.zoe),
        'https://network.example/people/zoe',
        'Zoë "The Rock", Jr.',
        'Zoë',
        `'=HYPERLINK("http://evil.example")`,
        'Spring fair: Lyon/Köln',
        'false',
        'import',
        'interested',
        'Spring push',
        'Ana’s profile',
        T.request,
        T.accepted,
        T.welcome,
        T.aiReply,
        T.added,
        '',
        'Acme, Inc.',
        '',
        'line one\nline two',
        "'+33 6 12 34 56 78",
      ],
      [
        String(ids.kim),
        'https://network.example/people/kim',
        "'@kim",
        '',
        "'+Kim\nof Köln",
        'Spring fair: Lyon/Köln',
        'true',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        T.added,
        'Köln',
        'Globex',
        'Kim from the file',
        '',
        '',
      ],
    ]);
  });

  it('of all collections holds every lead of the organisation, and isExcluded keeps one side', async () => {
    const all = await csvOf(owner.call(contract.exports.leads, { query: { collectionId: 'all' } }));
    expect(all.records.slice(1).map((r) => r[0])).toEqual([ids.zoe, ids.kim, ids.lee].map(String));
    expect(all.records[3]?.[2]).toBe('Lee 李');
    expect(all.res.headers.get('content-disposition')).toContain(`leads-all-collections-${today()}.csv`);
    const excluded = await csvOf(
      owner.call(contract.exports.leads, { query: { collectionId: ids.fair, isExcluded: true } }),
    );
    expect(excluded.records.slice(1).map((r) => r[0])).toEqual([String(ids.kim)]);
    expect(excluded.res.headers.get(EXPORT_ROWS_HEADER)).toBe('1');
    // Only Kim's imported columns: the columns follow the leads exported.
    expect(excluded.records[0]?.slice(16)).toEqual(['City', 'Company', 'Name (imported)']);
  });

  it('of an empty collection is the header row alone', async () => {
    const empty = await seedCollection(server, owner.organizationId, 'Empty');
    const { records } = await csvOf(owner.call(contract.exports.leads, { query: { collectionId: empty } }));
    expect(records).toHaveLength(1);
    expect(records[0]?.[0]).toBe('Lead ID');
  });
});

describe('the conversations export', () => {
  it("holds the board's cards with lead, profile, campaign, status, last message and note", async () => {
    const { res, text, records } = await csvOf(
      owner.call(contract.exports.conversations, { query: { collectionId: ids.fair } }),
    );
    expect(res.headers.get('content-disposition')).toContain(`conversations-Spring`);
    // A CRLF inside a quoted cell is the cell's own: kept as it is, and the records still end in CRLF.
    expect(text).toContain('"Yes!\r\nCall me, ""soon"""');
    expect(text.split('\r\n')).toHaveLength(4);
    expect(records).toEqual([
      [
        'Conversation ID',
        'Lead',
        'Lead profile URL',
        'Collection',
        'Profile',
        'Campaign',
        'Funnel status',
        'Status since',
        'Last message',
        'Last message at',
        'Contact on',
        'Needs a person',
        'Note',
      ],
      [
        String(ids.conversation),
        'Zoë "The Rock", Jr.',
        'https://network.example/people/zoe',
        'Spring fair: Lyon/Köln',
        'Ana’s profile',
        'Spring push',
        'interested',
        T.reply,
        'Yes!\r\nCall me, "soon"',
        T.aiReply,
        '2026-12-01',
        '',
        "'-5 seats?",
      ],
    ]);
  });

  it('keeps the filters of the board: a column, a search', async () => {
    const booked = await csvOf(
      owner.call(contract.exports.conversations, { query: { collectionId: 'all', status: 'booked' } }),
    );
    expect(booked.records).toHaveLength(1);
    const found = await csvOf(owner.call(contract.exports.conversations, { query: { search: 'call me' } }));
    expect(found.records.slice(1).map((r) => r[0])).toEqual([String(ids.conversation)]);
    const missed = await csvOf(owner.call(contract.exports.conversations, { query: { search: 'nobody' } }));
    expect(missed.records).toHaveLength(1);
  });
});

describe('the campaign results export', () => {
  it('holds per lead the steps done, the acceptance, the reply and its intent', async () => {
    const { res, records } = await csvOf(
      owner.call(contract.exports.campaignResults, { params: { id: ids.campaign } }),
    );
    expect(res.headers.get('content-disposition')).toContain(`campaign-Spring push-results-${today()}.csv`);
    expect(records).toEqual([
      [
        'Lead ID',
        'Profile URL',
        'Name',
        'Profile',
        'Steps done',
        'Friend request sent at',
        'Accepted at',
        'Messages sent',
        'Replied at',
        'Intent',
        'Funnel status',
        'Last step at',
      ],
      [
        String(ids.zoe),
        'https://network.example/people/zoe',
        'Zoë "The Rock", Jr.',
        'Ana’s profile',
        'friendRequest; welcomeMessage; aiReply',
        T.request,
        T.accepted,
        '2',
        T.reply,
        'interested',
        'interested',
        T.aiReply,
      ],
      [String(ids.kim), 'https://network.example/people/kim', "'@kim", '', '', '', '', '0', '', '', '', ''],
    ]);
  });
});

describe('bad queries', () => {
  it('are 400s with the error body, writing nothing', async () => {
    for (const path of [
      '/api/exports/leads?collectionId=abc',
      '/api/exports/leads?collectionId=0',
      '/api/exports/leads?isExcluded=maybe',
      '/api/exports/conversations?status=nope',
      `/api/exports/conversations?search=${'x'.repeat(300)}`,
      '/api/exports/campaigns/abc',
      '/api/exports/campaigns/-1',
    ]) {
      const res = await expectRejected(server, path, () => owner.api.get(path), 400);
      expect(res.headers.get('content-type'), path).toContain('application/json');
    }
  });

  it('a missing collection or campaign is a 404 before any byte of CSV', async () => {
    await expectRejected(server, 'leads', () => owner.api.get('/api/exports/leads?collectionId=999999'), 404);
    await expectRejected(server, 'campaign', () => owner.api.get('/api/exports/campaigns/999999'), 404);
  });
});
