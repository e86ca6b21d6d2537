import { contract } from '@reachly/shared/contract';
import type { ReportCounts, ReportResponse } from '@reachly/shared/schemas';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCollection, seedProfile } from './helpers/seed-conversations.ts';
import {
  apiErrorOf,
  expectRejected,
  registerAccount,
  startTestServer,
  type TestAccount,
  type TestServer,
} from './helpers/test-server.ts';

/**
 * Reports across campaigns (issue 20): a month of requests, acceptances, replies, reply readings
 * and card moves (the funnel's history) seeded as the engine records them, for two campaigns and
 * two profiles; the report's totals, days (UTC when no zone is named), campaigns, profiles and
 * funnel moves are checked against the same facts counted here from the seed; filters; tenancy (another organisation's ids are 404s); bad ranges are 400s
 * that write nothing; the CSV export holds the same numbers.
 */

let server: TestServer;
let owner: TestAccount;
let stranger: TestAccount;

type CampaignKey = 'spring' | 'autumn';
type ProfileKey = 'ana' | 'ben';

/** One lead of the simulated month and what happened to it (times in UTC). */
interface Story {
  campaign: CampaignKey;
  profile: ProfileKey;
  requestAt: string;
  acceptedAt?: string;
  /** The lead's messages; the first one is the conversation's first reply. */
  replies?: string[];
  reading?: { intent: string; at: string };
  /** The card's column and the time it moved there last. */
  card?: { status: string; at: string };
  /** The card's history: each move from → to (from null: the new card), oldest first. */
  moves?: { from: string | null; to: string; at: string }[];
}

const at = (day: number, time: string) => {
  const d = new Date(Date.UTC(2026, 9, 1) + (day - 1) * 86_400_000);
  return `${d.toISOString().slice(0, 10)}T${time}Z`;
};

/**
 * The month: October 2026 (day 0 is 30 September, day 32 is 1 November, both outside the range
 * 1-31 October). Each lead i is asked on day i % 33, at 23:30 for odd i (late in the UTC day).
 */
function month(): Story[] {
  const stories: Story[] = [];
  for (let i = 0; i < 66; i += 1) {
    const day = i % 33;
    const story: Story = {
      campaign: i % 3 === 0 ? 'autumn' : 'spring',
      profile: i % 2 === 0 ? 'ana' : 'ben',
      requestAt: at(day, i % 2 === 1 ? '23:30:00.000' : '09:15:00.000'),
    };
    if (i % 2 === 0 || i % 5 === 0) {
      story.acceptedAt = at(day + 1, '00:30:00.000');
      story.card = { status: 'sent', at: at(day + 1, '01:00:00.000') };
      story.moves = [{ from: null, to: 'sent', at: story.card.at }];
    }
    if (story.acceptedAt && i % 4 === 0) {
      story.replies = [at(day + 2, '08:00:00.000'), at(day + 3, '08:00:00.000')];
      const intent = i % 8 === 0 ? 'interested' : i % 12 === 0 ? 'question' : 'not-interested';
      story.reading = { intent, at: at(day + 2, '08:00:05.000') };
      const status =
        intent === 'interested' ? 'interested' : intent === 'question' ? 'qualified' : 'not-interested';
      story.card = { status, at: story.reading.at };
      story.moves?.push({ from: 'sent', to: status, at: story.reading.at });
    }
    stories.push(story);
  }
  return stories;
}

const stories = month();
let ids: { campaigns: Record<CampaignKey, number>; profiles: Record<ProfileKey, number> };
let strangerCampaign: number;
let strangerProfile: number;

const FROM = '2026-10-01';
const TO = '2026-10-31';

async function seedMonth(server: TestServer, organizationId: number, list: Story[], names: string) {
  const db = server.database.db;
  const collectionId = await seedCollection(server, organizationId, `Month ${names}`);
  const profiles = {
    ana: await seedProfile(server, organizationId, `Ana ${names}`),
    ben: await seedProfile(server, organizationId, `Ben ${names}`),
  };
  const campaign = async (name: string) => {
    const [row] = await db('campaigns')
      .insert({ organization_id: organizationId, collection_id: collectionId, name, settings: '{}' })
      .returning('id');
    return Number(row.id);
  };
  const campaigns = { spring: await campaign(`Spring ${names}`), autumn: await campaign(`Autumn ${names}`) };
  for (const [i, s] of list.entries()) {
    const [lead] = await db('leads')
      .insert({
        organization_id: organizationId,
        collection_id: collectionId,
        profile_url: `https://network.example/people/${names}-${i}`,
        name: `Lead ${i}`,
        friend_accepted_at: s.acceptedAt ?? null,
      })
      .returning('id');
    const leadId = Number(lead.id);
    const campaignId = campaigns[s.campaign];
    const profileId = profiles[s.profile];
    await db('campaign_tasks').insert({
      organization_id: organizationId,
      campaign_id: campaignId,
      profile_id: profileId,
      lead_id: leadId,
      step_key: 'friendRequest',
      action: 'friendRequest',
      status: 'done',
      attempts: 1,
      finished_at: s.requestAt,
    });
    if (!s.card) continue;
    const [conversation] = await db('conversations')
      .insert({
        organization_id: organizationId,
        lead_id: leadId,
        profile_id: profileId,
        collection_id: collectionId,
        status: s.card.status,
        order: 1000 + i,
        status_update_date: s.card.at,
        created_at: s.acceptedAt,
      })
      .returning('id');
    await db('funnel_moves').insert(
      (s.moves ?? []).map((m) => ({
        organization_id: organizationId,
        conversation_id: conversation.id,
        from_status: m.from,
        to_status: m.to,
        moved_by: 'engine',
        at: m.at,
      })),
    );
    const messages = [
      { direction: 'out', text: 'Welcome!', sent_at: s.card.at },
      ...(s.replies ?? []).map((sentAt) => ({ direction: 'in', text: 'Hello back', sent_at: sentAt })),
    ];
    await db('conversation_messages').insert(
      messages.map((m) => ({ ...m, organization_id: organizationId, conversation_id: conversation.id })),
    );
    if (s.reading) {
      const moved = s.card.status === 'not-interested' ? '; card moved to not-interested' : '';
      await db('campaign_logs').insert({
        organization_id: organizationId,
        campaign_id: campaignId,
        profile_id: profileId,
        lead_id: leadId,
        type: 'STATUS_CHANGE',
        message: `Reply classified as ${s.reading.intent}${moved}`,
        created_at: s.reading.at,
      });
    }
  }
  return { campaigns, profiles, collectionId };
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await registerAccount(server, 'reports');
  stranger = await registerAccount(server, 'reports-other');
  const seeded = await seedMonth(server, owner.organizationId, stories, 'owner');
  ids = { campaigns: seeded.campaigns, profiles: seeded.profiles };
  const db = server.database.db;
  // Facts that count for nothing: a pending request, an acceptance of a lead no task asked, a
  // lead's reply read only as 'other', and a message the profile sent (not a reply).
  await db('campaign_tasks').insert({
    organization_id: owner.organizationId,
    campaign_id: ids.campaigns.spring,
    profile_id: ids.profiles.ana,
    step_key: 'friendRequest',
    action: 'friendRequest',
    status: 'pending',
    lead_id: (
      await db('leads')
        .insert({
          organization_id: owner.organizationId,
          collection_id: seeded.collectionId,
          profile_url: 'https://network.example/people/pending',
          friend_accepted_at: at(10, '10:00:00.000'),
        })
        .returning('id')
    )[0].id,
  });
  // The other organisation: a month of its own, which the owner's report never counts.
  const other = await seedMonth(server, stranger.organizationId, stories.slice(0, 20), 'stranger');
  strangerCampaign = other.campaigns.spring;
  strangerProfile = other.profiles.ana;
});
afterAll(() => server?.close());

/** The oracle: the report counted here from the stories, for those a filter keeps. */
function expected(keep: (s: Story) => boolean = () => true, day?: string) {
  const inRange = (iso: string | undefined) =>
    iso !== undefined &&
    (day ? iso.slice(0, 10) === day : iso.slice(0, 10) >= FROM && iso.slice(0, 10) <= TO);
  const kept = stories.filter(keep);
  const positive = ['interested', 'question', 'booked'];
  return {
    requestsSent: kept.filter((s) => inRange(s.requestAt)).length,
    accepted: kept.filter((s) => inRange(s.acceptedAt)).length,
    replies: kept.filter((s) => inRange(s.replies?.[0])).length,
    positiveReplies: kept.filter(
      (s) => s.reading && positive.includes(s.reading.intent) && inRange(s.reading.at),
    ).length,
  };
}

const countsOf = (c: ReportCounts) => ({
  requestsSent: c.requestsSent,
  accepted: c.accepted,
  replies: c.replies,
  positiveReplies: c.positiveReplies,
});

async function report(query: Record<string, string | number> = {}): Promise<ReportResponse> {
  return owner.call(contract.reports.get, { query: { from: FROM, to: TO, ...query } });
}

describe('GET /api/reports over a simulated month', () => {
  it('counts the totals from the records, only in the range and only of the organisation', async () => {
    const r = await report();
    const want = expected();
    expect(countsOf(r.totals)).toEqual(want);
    // The month is not trivial: every kind of fact is there, and some fell outside the range.
    expect(want.requestsSent).toBe(62);
    expect(want.accepted).toBeGreaterThan(20);
    expect(want.replies).toBeGreaterThan(5);
    expect(want.positiveReplies).toBeGreaterThan(2);
    expect(r.totals.acceptanceRate).toBeCloseTo(want.accepted / want.requestsSent, 10);
    expect(r.totals.replyRate).toBeCloseTo(want.replies / want.accepted, 10);
    expect(r.totals.positiveRate).toBeCloseTo(want.positiveReplies / want.replies, 10);
  });

  it('buckets by UTC day: every day of the range in order, late requests on their own day', async () => {
    const r = await report();
    expect(r.days).toHaveLength(31);
    expect(r.days[0]?.date).toBe('2026-10-01');
    expect(r.days.at(-1)?.date).toBe('2026-10-31');
    for (const d of r.days) expect(countsOf(d), d.date).toEqual(expected(() => true, d.date));
    // Lead 1 was asked on 1 October at 23:30 UTC: 1 October, not the 2nd. Lead 0 (day 0) is 30 September.
    expect(r.days[0]?.requestsSent).toBe(2);
    const sum = (key: keyof ReturnType<typeof countsOf>) => r.days.reduce((n, d) => n + d[key], 0);
    expect(sum('requestsSent')).toBe(r.totals.requestsSent);
    expect(sum('replies')).toBe(r.totals.replies);
    // A day without requests has no acceptance rate, rather than 0.
    const quiet = await report({ from: '2026-12-01', to: '2026-12-03' });
    expect(quiet.days.map((d) => d.date)).toEqual(['2026-12-01', '2026-12-02', '2026-12-03']);
    expect(quiet.totals).toEqual({
      requestsSent: 0,
      accepted: 0,
      replies: 0,
      positiveReplies: 0,
      acceptanceRate: null,
      replyRate: null,
      positiveRate: null,
    });
    expect(quiet.campaigns).toEqual([]);
  });

  it('splits by campaign and by profile, named, with the slices adding up to the totals', async () => {
    const r = await report();
    expect(r.campaigns.map((c) => c.name)).toEqual(['Spring owner', 'Autumn owner']);
    for (const c of r.campaigns) {
      const key = c.campaignId === ids.campaigns.spring ? 'spring' : 'autumn';
      expect(countsOf(c), key).toEqual(expected((s) => s.campaign === key));
    }
    expect(r.profiles.map((p) => p.profileId).sort()).toEqual([ids.profiles.ana, ids.profiles.ben].sort());
    for (const p of r.profiles) {
      const key = p.profileId === ids.profiles.ana ? 'ana' : 'ben';
      expect(countsOf(p), key).toEqual(expected((s) => s.profile === key));
      expect(p.name).toBe(key === 'ana' ? 'Ana owner' : 'Ben owner');
    }
    expect(r.campaigns.reduce((n, c) => n + c.accepted, 0)).toBe(r.totals.accepted);
  });

  it('filters by campaign and by profile', async () => {
    const spring = await report({ campaignId: ids.campaigns.spring });
    expect(countsOf(spring.totals)).toEqual(expected((s) => s.campaign === 'spring'));
    expect(spring.campaigns.map((c) => c.campaignId)).toEqual([ids.campaigns.spring]);
    const both = await report({ campaignId: ids.campaigns.autumn, profileId: ids.profiles.ben });
    expect(countsOf(both.totals)).toEqual(expected((s) => s.campaign === 'autumn' && s.profile === 'ben'));
    expect(both.profiles.map((p) => p.profileId)).toEqual([ids.profiles.ben]);
  });

  it('shows the funnel moves from the history: into and out of each status, and per day from → to', async () => {
    const r = await report();
    const inRange = (iso: string) => iso.slice(0, 10) >= FROM && iso.slice(0, 10) <= TO;
    const movesOf = (list: Story[]) => list.flatMap((s) => (s.moves ?? []).filter((m) => inRange(m.at)));
    const all = movesOf(stories);
    expect(r.funnel).toHaveLength(10);
    for (const f of r.funnel) {
      expect(f.movedIn, f.status).toBe(all.filter((m) => m.to === f.status).length);
      expect(f.movedOut, f.status).toBe(all.filter((m) => m.from === f.status).length);
    }
    // A card that entered 'sent' and then moved on counts in both: the last move alone would lose it.
    expect(r.funnel.find((f) => f.status === 'sent')?.movedOut).toBeGreaterThan(0);
    expect(r.funnel.find((f) => f.status === 'interested')?.movedIn).toBeGreaterThan(0);
    // Each day's moves from → to add up to the history's.
    expect(r.moves.reduce((n, m) => n + m.count, 0)).toBe(all.length);
    for (const m of r.moves) {
      const want = all.filter((x) => x.at.slice(0, 10) === m.date && x.from === m.from && x.to === m.to);
      expect(m.count, `${m.date} ${m.from} → ${m.to}`).toBe(want.length);
    }
    expect(r.moves.map((m) => m.date)).toEqual([...r.moves.map((m) => m.date)].sort());
    const ben = await report({ profileId: ids.profiles.ben });
    const benSent = movesOf(stories.filter((s) => s.profile === 'ben')).filter((m) => m.to === 'sent').length;
    expect(ben.funnel.find((f) => f.status === 'sent')?.movedIn).toBe(benSent);
  });

  it("answers 404 for another organisation's campaign or profile, as for one that does not exist", async () => {
    const queries: Record<string, number>[] = [
      { campaignId: strangerCampaign },
      { profileId: strangerProfile },
      { campaignId: 2_147_483_000 },
    ];
    for (const query of queries) {
      const error = await apiErrorOf(report(query));
      expect(error.status, JSON.stringify(query)).toBe(404);
    }
    const res = await owner.api.get(
      `/api/reports/export?from=${FROM}&to=${TO}&campaignId=${strangerCampaign}`,
    );
    expect(res.status).toBe(404);
    // The stranger's own report sees only its month.
    const theirs = await stranger.call(contract.reports.get, { query: { from: FROM, to: TO } });
    expect(countsOf(theirs.totals)).toEqual(expected((s) => stories.indexOf(s) < 20));
  });

  it('refuses a bad range with a clear 400 that writes nothing', async () => {
    const cases: [string, RegExp][] = [
      ['from=2026-10-31&to=2026-10-01', /before from/],
      ['from=2025-01-01&to=2026-01-02', /at most 366 days/],
      ['from=2026-02-30&to=2026-03-01', /from: must be a date that exists/],
      ['from=yesterday&to=2026-03-01', /from: must be a date written YYYY-MM-DD/],
      ['from=2026-10-01', /to:/],
      [`from=${FROM}&to=${TO}&campaignId=abc`, /campaignId/],
      [`from=${FROM}&to=${TO}&profileId=-3`, /profileId/],
    ];
    for (const [query, message] of cases) {
      for (const path of ['/api/reports', '/api/reports/export']) {
        const res = await expectRejected(
          server,
          `${path}?${query}`,
          () => owner.api.get(`${path}?${query}`),
          400,
        );
        expect((res.body as { error: { message: string } }).error.message, query).toMatch(message);
      }
    }
    // 366 days, both ends counted, is the longest range allowed.
    const year = await report({ from: '2025-11-01', to: '2026-11-01' });
    expect(year.days).toHaveLength(366);
  });
});

describe('GET /api/reports/export', () => {
  it('is the report as RFC 4180 CSV: totals, days, campaigns, profiles and funnel rows', async () => {
    const res = await fetch(`${server.url}/api/reports/export?from=${FROM}&to=${TO}`, {
      headers: { authorization: owner.accessToken },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toContain('report-2026-10-01-to-2026-10-31');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text).toContain('\r\n');
    const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    const r = await report();
    expect(rows).toHaveLength(1 + 31 + r.campaigns.length + r.profiles.length + 10 + r.moves.length);
    const total = rows.find((row) => row.Row === 'total');
    expect(total?.['Requests sent']).toBe(String(r.totals.requestsSent));
    expect(total?.['Positive replies']).toBe(String(r.totals.positiveReplies));
    expect(Number(total?.['Acceptance rate'])).toBeCloseTo(r.totals.acceptanceRate ?? -1, 4);
    const firstDay = rows.find((row) => row.Row === 'day');
    expect(firstDay?.Date).toBe('2026-10-01');
    expect(firstDay?.['Requests sent']).toBe('2');
    const spring = rows.find((row) => row.Row === 'campaign' && row.Campaign === 'Spring owner');
    expect(spring?.['Campaign ID']).toBe(String(ids.campaigns.spring));
    expect(spring?.Accepted).toBe(String(expected((s) => s.campaign === 'spring').accepted));
    const interested = rows.find((row) => row.Row === 'funnel' && row.Status === 'interested');
    expect(interested?.['Moved in']).toBe(String(r.funnel.find((f) => f.status === 'interested')?.movedIn));
    const sent = rows.find((row) => row.Row === 'funnel' && row.Status === 'sent');
    expect(sent?.['Moved out']).toBe(String(r.funnel.find((f) => f.status === 'sent')?.movedOut));
    // A day's moves from → to: the first day's new cards, From status left empty.
    const firstMove = r.moves[0];
    const move = rows.find((row) => row.Row === 'move');
    expect(move).toMatchObject({
      Date: firstMove?.date,
      'From status': firstMove?.from ?? '',
      Status: firstMove?.to,
      Moves: String(firstMove?.count),
    });
    // A day without requests leaves its rate empty, not 0.
    const quiet = parse(
      await (
        await fetch(`${server.url}/api/reports/export?from=2026-12-01&to=2026-12-01`, {
          headers: { authorization: owner.accessToken },
        })
      ).text(),
      { bom: true, columns: true },
    ) as Record<string, string>[];
    expect(quiet[0]?.['Acceptance rate']).toBe('');
  });
});
