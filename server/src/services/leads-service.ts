import { LEADS_FIRST_LAST_ID } from '@reachly/shared/constants';
import {
  type BulkLeadsBody,
  type BulkLeadsResponse,
  type ClearLeadsResponse,
  type CreateLeadsResponse,
  encodeLeadsCursor,
  type Lead,
  type LeadInput,
  type LeadsListResponse,
  type LeadsQuery,
} from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { insertLeadColumns } from '../db/insert-leads.ts';
import { toAffectedRows, toCount } from '../db/knex.ts';
import type { Tables } from '../db/tables.ts';
import { notFound } from '../errors.ts';
import type { Realtime } from '../realtime/realtime.ts';
import { bulkLeadsAction } from './leads/bulk-leads.ts';
import { createLeadImportUpload } from './leads/import-upload.ts';
import { compactLeadCounts, countLeads } from './leads/lead-counts.ts';
import {
  afterCursor,
  cursorAt,
  type LeadsWhere,
  sortKeySelect,
  sortOrder,
  whereLeads,
} from './leads/lead-filter.ts';
import { tenant } from './tenancy.ts';

export type LeadsService = ReturnType<typeof createLeadsService>;

/** A row of the leads table. */
export type LeadRow = Tables['leads'];

const LEAD_COLUMNS = [
  'id',
  'collection_id',
  'profile_url',
  'name',
  'first_name',
  'last_name',
  'avatar_url',
  'has_message_button',
  'is_excluded',
  'should_skip',
  'source',
  'friend_request_sent_at',
  'message_sent_at',
  'created_at',
  'fields',
] as const;

const isoOrNull = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

function toLead(row: Pick<LeadRow, (typeof LEAD_COLUMNS)[number]>): Lead {
  return {
    id: row.id,
    collectionId: row.collection_id,
    profileUrl: row.profile_url,
    name: row.name,
    firstName: row.first_name,
    lastName: row.last_name,
    avatarUrl: row.avatar_url,
    hasMessageButton: row.has_message_button,
    isExcluded: row.is_excluded,
    shouldSkip: row.should_skip,
    source: row.source,
    friendRequestSentAt: isoOrNull(row.friend_request_sent_at),
    messageSentAt: isoOrNull(row.message_sent_at),
    createdAt: new Date(row.created_at).toISOString(),
    fields: row.fields,
  };
}

/** The source of leads added by POST /api/leads without one. */
const MANUAL_LEAD_SOURCE = 'manual';

/**
 * Leads of an organisation's collections (spec §3 Lead, §7 Leads). Lists page by keyset on id
 * through the (organization_id[, collection_id], is_excluded, id) indexes, or on (name key, id)
 * through those of migration 20261127950010-leads-name-sort.
 */
export function createLeadsService({
  db,
  realtime,
  importSpoolDir,
}: {
  db: Knex;
  realtime: Realtime;
  /** Where CSV files sent before their collectionId wait to be imported. */
  importSpoolDir: string;
}) {
  /**
   * The organisation's collection, locked until the transaction ends; else 404. A shared lock keeps
   * it from being deleted meanwhile; `exclusive` also waits for, and holds off, every other writer
   * of its leads (a bulk move or copy into it checks which profiles it already holds).
   */
  async function lockCollection(
    trx: Knex.Transaction,
    organizationId: number,
    id: number,
    exclusive = false,
  ): Promise<void> {
    const query = tenant(trx, organizationId).table('collections').where({ id });
    const owned = await (exclusive ? query.forUpdate() : query.forShare()).first('id');
    if (!owned) throw notFound(`Collection ${id} not found.`);
  }

  /**
   * GET /api/leads: the page after the cursor (or `lastId`) in the query's sort, and how many leads
   * match the filters: summed from lead_counts without a search, so it costs nothing as the
   * collection grows; counted with one. Without isExcluded the page merges one keyset scan per
   * value (UNION ALL of two index-ordered, limited scans), so no page ever sorts the whole
   * collection. One row more than the page is read to know whether a next page exists.
   */
  async function list(organizationId: number, query: LeadsQuery): Promise<LeadsListResponse> {
    // Another organisation's collection answers 404 like a missing one, not an empty page.
    if (query.collectionId !== 'all') {
      await tenant(db, organizationId).findOwned('collections', query.collectionId, 'Collection');
    }
    const cursor =
      query.cursor ??
      (query.lastId === LEADS_FIRST_LAST_ID ? undefined : { sort: query.sort, id: query.lastId });
    const flags = query.isExcluded === undefined ? [false, true] : [query.isExcluded];
    const scans = flags.map((flag) => {
      const scan = whereLeads(tenant(db, organizationId).table<LeadRow>('leads'), {
        ...query,
        isExcluded: flag,
      });
      if (cursor) afterCursor(scan, cursor);
      return scan
        .orderByRaw(sortOrder(query.sort))
        .limit(query.limit + 1)
        .select([...LEAD_COLUMNS, db.raw(sortKeySelect(query.sort))]);
    });
    const [first, ...rest] = scans;
    if (!first) throw new Error('no scan');
    const pageQuery =
      rest.length === 0
        ? first
        : db
            .select('*')
            .from(
              db
                .unionAll(
                  scans.map((scan) => db.select('*').from(scan.as('scan'))),
                  true,
                )
                .as('page'),
            )
            .orderByRaw(sortOrder(query.sort, true))
            .limit(query.limit + 1);
    const [rows, totalCount] = await Promise.all([
      pageQuery as unknown as Promise<(LeadRow & { sort_key: string | null })[]>,
      query.search === undefined
        ? countLeads(db, organizationId, query)
        : countMatching(organizationId, query),
    ]);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const nextCursor =
      rows.length > query.limit && last ? encodeLeadsCursor(cursorAt(query.sort, last)) : null;
    return { leads: page.map(toLead), totalCount, nextCursor };
  }

  /** How many leads match a search (lead_counts know only collection and isExcluded). */
  async function countMatching(organizationId: number, where: LeadsWhere): Promise<number> {
    const row = (await whereLeads(tenant(db, organizationId).table('leads'), where)
      .count({ n: '*' })
      .first()) as { n?: unknown } | undefined;
    return toCount(row?.n);
  }

  /** PATCH /api/leads: excludes a lead from its collection's work, or takes it back. */
  async function setExcluded(organizationId: number, id: number, isExcluded: boolean): Promise<Lead> {
    const [row] = await tenant(db, organizationId)
      .table<LeadRow>('leads')
      .where({ id })
      .update({ is_excluded: isExcluded })
      .returning(LEAD_COLUMNS);
    if (!row) throw notFound(`Lead ${id} not found.`);
    await compactLeadCounts(db, organizationId, row.collection_id);
    return toLead(row);
  }

  /** POST /api/leads: adds leads to a collection; leads already there or repeated are counted, not added. */
  async function createMany(
    organizationId: number,
    collectionId: number,
    leads: LeadInput[],
  ): Promise<CreateLeadsResponse> {
    const answer = await db.transaction(async (trx) => {
      await lockCollection(trx, organizationId, collectionId);
      const created = await insertLeadColumns(trx, organizationId, collectionId, {
        profileUrl: leads.map((l) => l.profileUrl),
        name: leads.map((l) => l.name),
        firstName: leads.map((l) => l.firstName),
        lastName: leads.map((l) => l.lastName),
        avatarUrl: leads.map((l) => l.avatarUrl),
        hasMessageButton: leads.map((l) => l.hasMessageButton),
        source: leads.map((l) => l.source ?? MANUAL_LEAD_SOURCE),
      });
      return { created, duplicates: leads.length - created };
    });
    await compactLeadCounts(db, organizationId, collectionId);
    return answer;
  }

  /** DELETE /api/leads/clear: every lead of one collection (their conversations cascade). */
  async function clear(organizationId: number, collectionId: number): Promise<ClearLeadsResponse> {
    const answer = await db.transaction(async (trx) => {
      await lockCollection(trx, organizationId, collectionId);
      const result: unknown = await tenant(trx, organizationId)
        .table('leads')
        .where({ collection_id: collectionId })
        .delete();
      return { deleted: toAffectedRows(result) };
    });
    await compactLeadCounts(db, organizationId, collectionId);
    return answer;
  }

  /** POST /api/leads/bulk: one action on the selection in one transaction, then the counts folded. */
  async function bulk(organizationId: number, body: BulkLeadsBody): Promise<BulkLeadsResponse> {
    const { changed, skipped, collectionIds } = await db.transaction((trx) =>
      bulkLeadsAction(trx, organizationId, body, (id, exclusive) =>
        lockCollection(trx, organizationId, id, exclusive),
      ),
    );
    for (const collectionId of collectionIds) await compactLeadCounts(db, organizationId, collectionId);
    return { changed, skipped };
  }

  return {
    list,
    setExcluded,
    createMany,
    clear,
    bulk,
    /** POST /api/leads/import: the upload middleware and the commit of its handler. */
    importUpload: createLeadImportUpload({ db, realtime, spoolDir: importSpoolDir }),
  };
}
