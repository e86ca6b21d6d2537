import type { DoNotContactKind } from '@reachly/shared/logic';
import { type CsvLine, planDoNotContactImport } from '@reachly/shared/logic';
import {
  type AddDoNotContactBody,
  type AddedDoNotContact,
  DO_NOT_CONTACT_IMPORT_LIST_MAX,
  DO_NOT_CONTACT_IMPORT_MAX_ENTRIES,
  type DoNotContactEntry,
  type DoNotContactImportResult,
  type DoNotContactList,
  type DoNotContactQuery,
  type ImportDoNotContactBody,
} from '@reachly/shared/schemas';
import { parse } from 'csv-parse/sync';
import type { Knex } from 'knex';
import { toCount } from '../../db/knex.ts';
import type { DoNotContactEntryRow } from '../../db/rows-leads-profiles.ts';
import { likePattern } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { badRequest } from '../../errors.ts';
import { sniffDelimiter } from '../lead-import.ts';
import { tenant } from '../tenancy.ts';
import { restoreTasksOf, skipListedTasks } from './task-sweep.ts';

type EntryWithEmail = DoNotContactEntryRow & { added_by_email: string | null };

function toEntry(row: EntryWithEmail): DoNotContactEntry {
  return {
    id: row.id,
    kind: row.kind,
    value: row.value,
    note: row.note,
    addedBy: row.added_by_email,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The lines of an import file as the CSV parser reads them (comma, semicolon or tab, as the header uses most). */
function csvLines(text: string): CsvLine[] {
  // The header line is short: its first characters are enough to find its delimiter.
  const delimiter = sniffDelimiter(Buffer.from(text.slice(0, 64 * 1024)));
  try {
    const records = parse(text, {
      delimiter,
      bom: true,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return records.map((r) => ({ line: r.info.lines, cells: r.record }));
  } catch (error) {
    const where = (error as { lines?: number }).lines;
    throw badRequest(`The file is not CSV${where ? ` (line ${where})` : ''}: ${(error as Error).message}`);
  }
}

/**
 * The organisation's do-not-contact list (issue 17): entries by profile URL, network id, name,
 * company or keyword. Adding entries skips, in the same transaction, every pending task of a lead
 * they match (task-sweep.ts); the planner and the claim read the list for everything planned later.
 */
export function createDoNotContactService({ db }: { db: Knex }) {
  function entries(trx: Knex | Knex.Transaction, organizationId: number) {
    return tenant(trx, organizationId)
      .table<EntryWithEmail>('do_not_contact_entries')
      .leftJoin('users', 'users.id', 'do_not_contact_entries.added_by_user_id')
      .select('do_not_contact_entries.*', 'users.email as added_by_email');
  }

  async function list(organizationId: number, query: DoNotContactQuery): Promise<DoNotContactList> {
    const filtered = () => {
      const q = tenant(db, organizationId).table('do_not_contact_entries');
      if (query.search) {
        const pattern = likePattern(query.search);
        q.where((w) => w.whereILike('value', pattern).orWhereILike('note', pattern));
      }
      return q;
    };
    const page = entries(db, organizationId).whereIn('do_not_contact_entries.id', filtered().select('id'));
    if (query.lastId > 0) page.where('do_not_contact_entries.id', '<', query.lastId);
    const [rows, total] = await Promise.all([
      page.orderBy('do_not_contact_entries.id', 'desc').limit(query.limit + 1) as Promise<EntryWithEmail[]>,
      filtered().count({ n: '*' }).first(),
    ]);
    return {
      entries: rows.slice(0, query.limit).map(toEntry),
      hasMore: rows.length > query.limit,
      totalCount: toCount(total?.n),
    };
  }

  /** Inserts entries not on the list yet; answers the ids added, by kind and value. */
  async function insert(
    trx: Knex.Transaction,
    organizationId: number,
    userId: number,
    rows: { kind: DoNotContactKind; value: string; note: string }[],
    now: Date,
  ): Promise<Map<string, number>> {
    const added = new Map<string, number>();
    for (let i = 0; i < rows.length; i += 1000) {
      const inserted = (await trx('do_not_contact_entries')
        .insert(
          rows.slice(i, i + 1000).map((r) => ({
            organization_id: organizationId,
            kind: r.kind,
            value: r.value,
            note: r.note,
            added_by_user_id: userId,
            created_at: now,
          })),
        )
        .onConflict(['organization_id', 'kind', 'value'])
        .ignore()
        .returning(['id', 'kind', 'value'])) as { id: number; kind: string; value: string }[];
      for (const r of inserted) added.set(`${r.kind}\n${r.value}`, r.id);
    }
    return added;
  }

  async function add(
    organizationId: number,
    userId: number,
    body: AddDoNotContactBody,
    now: Date,
  ): Promise<AddedDoNotContact> {
    return db.transaction(async (trx) => {
      const added = await insert(trx, organizationId, userId, [body], now);
      const skippedTasks = added.size > 0 ? await skipListedTasks(trx, organizationId, now) : 0;
      const row = (await entries(trx, organizationId)
        .where({ 'do_not_contact_entries.kind': body.kind, 'do_not_contact_entries.value': body.value })
        .first()) as EntryWithEmail;
      return { entry: toEntry(row), alreadyListed: added.size === 0, skippedTasks };
    });
  }

  /** The one-click add of a lead card or a conversation: the lead's person, by profile URL. */
  async function addLead(organizationId: number, userId: number, leadId: number, now: Date) {
    const lead = await tenant(db, organizationId).findOwned<Tables['leads']>('leads', leadId, 'Lead');
    const who =
      lead.name ?? ([lead.first_name, lead.last_name].filter(Boolean).join(' ') || lead.profile_url);
    return add(
      organizationId,
      userId,
      { kind: 'profileUrl', value: lead.profile_url, note: `Lead ${who}` },
      now,
    );
  }

  async function importCsv(
    organizationId: number,
    userId: number,
    body: ImportDoNotContactBody,
    now: Date,
  ): Promise<DoNotContactImportResult> {
    const plan = planDoNotContactImport(csvLines(body.csv));
    if (plan.headerError) throw badRequest(plan.headerError);
    if (plan.entries.length > DO_NOT_CONTACT_IMPORT_MAX_ENTRIES) {
      throw badRequest(
        `The file holds ${plan.entries.length} entries; one import takes at most ${DO_NOT_CONTACT_IMPORT_MAX_ENTRIES}.`,
      );
    }
    // The first line of each kind and value in the file; later ones are duplicates.
    const first = new Map<string, (typeof plan.entries)[number]>();
    const duplicates: { line: number; reason: string }[] = [];
    for (const e of plan.entries) {
      const key = `${e.kind}\n${e.value}`;
      const earlier = first.get(key);
      if (earlier) duplicates.push({ line: e.line, reason: `Same as line ${earlier.line}` });
      else first.set(key, e);
    }
    return db.transaction(async (trx) => {
      const unique = [...first.values()];
      const added = await insert(
        trx,
        organizationId,
        userId,
        unique.map((e) => ({ kind: e.kind, value: e.value, note: body.note })),
        now,
      );
      for (const e of unique) {
        if (!added.has(`${e.kind}\n${e.value}`))
          duplicates.push({ line: e.line, reason: 'Already on the list' });
      }
      duplicates.sort((a, b) => a.line - b.line);
      const skippedTasks = added.size > 0 ? await skipListedTasks(trx, organizationId, now) : 0;
      return {
        added: added.size,
        duplicateCount: duplicates.length,
        duplicates: duplicates.slice(0, DO_NOT_CONTACT_IMPORT_LIST_MAX),
        badCount: plan.bad.length,
        bad: plan.bad.slice(0, DO_NOT_CONTACT_IMPORT_LIST_MAX),
        skippedTasks,
      };
    });
  }

  async function remove(organizationId: number, id: number) {
    return db.transaction(async (trx) => {
      await tenant(trx, organizationId).findOwned('do_not_contact_entries', id, 'Do-not-contact entry');
      await trx('do_not_contact_entries').where({ id, organization_id: organizationId }).delete();
      return { id, restoredTasks: await restoreTasksOf(trx, organizationId, id) };
    });
  }

  return { list, add, addLead, importCsv, remove };
}

export type DoNotContactService = ReturnType<typeof createDoNotContactService>;
