import { CONVERSATION_STATUS_VALUES, type ConversationStatus } from '@reachly/shared/constants';
import {
  type ReportCounts,
  type ReportQuery,
  type ReportResponse,
  reportDayCount,
} from '@reachly/shared/schemas';
import type { Response } from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { badRequest } from '../../errors.ts';
import { type CsvCell, sendCsv } from '../exports/csv-response.ts';
import { type Tenant, tenant as tenantOf } from '../tenancy.ts';
import { type FactFilter, type FactGroup, type FactKind, readFactGroups } from './report-facts.ts';

export type ReportsService = ReturnType<typeof createReportsService>;

const DAY_MS = 86_400_000;
type CountKey = 'requestsSent' | 'accepted' | 'replies' | 'positiveReplies';
const COUNT_KEYS: readonly CountKey[] = ['requestsSent', 'accepted', 'replies', 'positiveReplies'];
type Counts = Record<CountKey, number>;

const utcMidnight = (day: string) => new Date(`${day}T00:00:00.000Z`);
const zero = (): Counts => ({ requestsSent: 0, accepted: 0, replies: 0, positiveReplies: 0 });
const ratio = (a: number, b: number) => (b === 0 ? null : a / b);

/** Counts with their rates: accepted per request, replies per acceptance, positive replies per reply. */
function withRates(c: Counts): ReportCounts {
  return {
    ...c,
    acceptanceRate: ratio(c.accepted, c.requestsSent),
    replyRate: ratio(c.replies, c.accepted),
    positiveRate: ratio(c.positiveReplies, c.replies),
  };
}

const isCountKey = (kind: FactKind): kind is CountKey => kind !== 'moved';
const byRequestsThenName = (a: { requestsSent: number; name: string | null }, b: typeof a) =>
  b.requestsSent - a.requestsSent || (a.name ?? '\uffff').localeCompare(b.name ?? '\uffff');

/** Every calendar day of the range, oldest first (the days of any time zone: no instant is involved). */
function daysOf(from: string, to: string): string[] {
  const start = utcMidnight(from).getTime();
  return Array.from({ length: reportDayCount(from, to) }, (_, i) =>
    new Date(start + i * DAY_MS).toISOString().slice(0, 10),
  );
}

/** PostgreSQL's answer to a time zone it does not know (its tz data older than the runtime's). */
const isUnknownZone = (error: unknown) =>
  (error as { code?: unknown }).code === '22023' && /time zone/i.test(String((error as Error).message));

/** The facts of the range, a time zone PostgreSQL does not know answered as the schema's 400. */
async function readFacts(db: Knex, filter: FactFilter): Promise<FactGroup[]> {
  try {
    return await readFactGroups(db, filter);
  } catch (error) {
    if (!isUnknownZone(error)) throw error;
    throw badRequest(
      `timeZone: "${filter.timeZone}" is not a known IANA time zone (such as America/New_York or UTC)`,
    );
  }
}

/** The funnel's movement of the groups: per status moved in and out, and each day's moves from → to. */
function funnelOf(groups: readonly FactGroup[]): Pick<ReportResponse, 'funnel' | 'moves'> {
  const movedIn = new Map<string, number>();
  const movedOut = new Map<string, number>();
  const moves: ReportResponse['moves'] = [];
  for (const g of groups) {
    if (g.kind !== 'moved') continue;
    if (g.by === 'status') movedIn.set(g.status, g.n);
    else if (g.by === 'fromStatus') movedOut.set(g.status, g.n);
    else if (g.by === 'move') moves.push({ date: g.day, from: g.from, to: g.to, count: g.n });
  }
  const order = new Map(CONVERSATION_STATUS_VALUES.map((status, i) => [status, i]));
  const rank = (status: ConversationStatus | null) => (status === null ? -1 : (order.get(status) ?? 0));
  moves.sort(
    (a, b) => a.date.localeCompare(b.date) || rank(a.from) - rank(b.from) || rank(a.to) - rank(b.to),
  );
  return {
    funnel: CONVERSATION_STATUS_VALUES.map((status) => ({
      status,
      movedIn: movedIn.get(status) ?? 0,
      movedOut: movedOut.get(status) ?? 0,
    })),
    moves,
  };
}

/**
 * Reports across campaigns (issue 20): the facts of report-facts.ts over a range of days in the
 * query's time zone, as totals, days, campaigns, profiles and funnel moves with rates; and the same
 * as a CSV file (sent by the exports' CSV writer, docs/design.md §7). Another organisation's
 * campaign or profile answers 404, as a missing one.
 */
export function createReportsService({ db, logger }: { db: Knex; logger: Logger }) {
  async function names(
    t: Tenant,
    table: 'campaigns' | 'profiles',
    ids: number[],
  ): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = (await t.table(table).whereIn(`${table}.id`, ids).select('id', 'name')) as {
      id: number;
      name: string | null;
    }[];
    return new Map(rows.map((r) => [Number(r.id), r.name ?? '']));
  }

  async function report(organizationId: number, query: ReportQuery): Promise<ReportResponse> {
    const t = tenantOf(db, organizationId);
    if (query.campaignId !== undefined) await t.findOwned('campaigns', query.campaignId, 'Campaign');
    if (query.profileId !== undefined) await t.findOwned('profiles', query.profileId, 'Profile');
    const groups = await readFacts(db, {
      organizationId,
      from: query.from,
      to: query.to,
      timeZone: query.timeZone,
      campaignId: query.campaignId,
      profileId: query.profileId,
    });
    const totals = zero();
    const days = new Map(daysOf(query.from, query.to).map((d) => [d, zero()]));
    const campaigns = new Map<number | null, Counts>();
    const profiles = new Map<number | null, Counts>();
    const add = <K>(map: Map<K, Counts>, key: K, kind: CountKey, n: number) => {
      const counts = map.get(key) ?? zero();
      counts[kind] += n;
      map.set(key, counts);
    };
    for (const g of groups) {
      if (!isCountKey(g.kind)) continue;
      if (g.by === 'total') totals[g.kind] += g.n;
      else if (g.by === 'day') add(days, g.day, g.kind, g.n);
      else if (g.by === 'campaign') add(campaigns, g.campaignId, g.kind, g.n);
      else if (g.by === 'profile') add(profiles, g.profileId, g.kind, g.n);
    }
    const known = (ids: Iterable<number | null>) => [...ids].filter((id): id is number => id !== null);
    const [campaignNames, profileNames] = await Promise.all([
      names(t, 'campaigns', known(campaigns.keys())),
      names(t, 'profiles', known(profiles.keys())),
    ]);
    return {
      from: query.from,
      to: query.to,
      timeZone: query.timeZone,
      totals: withRates(totals),
      days: [...days].map(([date, c]) => ({ date, ...withRates(c) })),
      campaigns: [...campaigns]
        .map(([campaignId, c]) => ({
          campaignId,
          name: campaignId === null ? null : (campaignNames.get(campaignId) ?? null),
          ...withRates(c),
        }))
        .sort(byRequestsThenName),
      profiles: [...profiles]
        .map(([profileId, c]) => ({
          profileId,
          name: profileId === null ? null : (profileNames.get(profileId) ?? null),
          ...withRates(c),
        }))
        .sort(byRequestsThenName),
      ...funnelOf(groups),
    };
  }

  /** The report as CSV: the totals, then one row per day, campaign, profile, funnel status and day's move. */
  async function exportCsv(res: Response, organizationId: number, query: ReportQuery): Promise<void> {
    const r = await report(organizationId, query);
    const rows = reportCsvRows(r);
    async function* batches() {
      yield rows;
    }
    await sendCsv(
      res,
      {
        name: `report-${query.from}-to-${query.to}`,
        header: REPORT_CSV_HEADER,
        batches: batches(),
        expectedRows: rows.length,
      },
      logger,
      new Date(),
    );
  }

  return { report, exportCsv };
}

const REPORT_CSV_HEADER = [
  'Row',
  'Date',
  'Campaign ID',
  'Campaign',
  'Profile ID',
  'Profile',
  'From status',
  'Status',
  'Requests sent',
  'Accepted',
  'Replies',
  'Positive replies',
  'Acceptance rate',
  'Reply rate',
  'Positive rate',
  'Moved in',
  'Moved out',
  'Moves',
] as const;

/** A rate as a decimal share with at most four places (0.25), empty when there is none. */
const rateCell = (rate: number | null): CsvCell =>
  rate === null ? null : String(Math.round(rate * 10_000) / 10_000);

function countCells(c: ReportCounts): CsvCell[] {
  return [
    ...COUNT_KEYS.map((key) => String(c[key])),
    rateCell(c.acceptanceRate),
    rateCell(c.replyRate),
    rateCell(c.positiveRate),
    null,
    null,
    null,
  ];
}

const idCell = (id: number | null): CsvCell => (id === null ? null : String(id));

/**
 * The report's rows as CSV cells, in REPORT_CSV_HEADER's order: a `funnel` row per status (moved in
 * and out), a `move` row per day and move (an empty From status: new cards).
 */
function reportCsvRows(r: ReportResponse): CsvCell[][] {
  const blank = (n: number): CsvCell[] => Array.from({ length: n }, () => null);
  const noCounts = blank(7);
  return [
    ['total', ...blank(7), ...countCells(r.totals)],
    ...r.days.map((d) => ['day', d.date, ...blank(6), ...countCells(d)]),
    ...r.campaigns.map((c) => [
      'campaign',
      null,
      idCell(c.campaignId),
      c.name,
      ...blank(4),
      ...countCells(c),
    ]),
    ...r.profiles.map((p) => [
      'profile',
      ...blank(3),
      idCell(p.profileId),
      p.name,
      null,
      null,
      ...countCells(p),
    ]),
    ...r.funnel.map((f) => [
      'funnel',
      ...blank(6),
      f.status,
      ...noCounts,
      String(f.movedIn),
      String(f.movedOut),
      null,
    ]),
    ...r.moves.map((m) => [
      'move',
      m.date,
      ...blank(4),
      m.from,
      m.to,
      ...noCounts,
      null,
      null,
      String(m.count),
    ]),
  ];
}
