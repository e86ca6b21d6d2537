import {
  type CollectionIdOrAll,
  isNameSort,
  type LeadsCursor,
  type LeadsSort,
} from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { likePattern } from '../../db/sql.ts';

/** Which leads a list or a bulk action reads: one collection or all, one side of isExcluded or both, a search. */
export interface LeadsWhere {
  collectionId: CollectionIdOrAll;
  isExcluded?: boolean | undefined;
  search?: string | undefined;
}

/**
 * The name sorts' key. Migration 20261127950010-leads-name-sort indexes this very expression
 * after (organization_id[, collection_id], is_excluded), then id, so a page of a name sort is an
 * index-ordered scan like a page in id order. Keep the text identical to the index's.
 */
const NAME_SORT_KEY = `lower(coalesce(leads.name, ''))`;

/** The filters on a `leads` query already limited to the organisation (tenant). */
export function whereLeads<Q extends Knex.QueryBuilder>(q: Q, where: LeadsWhere): Q {
  if (where.collectionId !== 'all') q.andWhere('leads.collection_id', where.collectionId);
  if (where.isExcluded !== undefined) q.andWhere('leads.is_excluded', where.isExcluded);
  if (where.search !== undefined) {
    // ILIKE on both PostgreSQL and PGlite (pg_trgm is not loaded in the embedded database): a page
    // walks the sort's index until it has enough matches; the count reads the collection's rows.
    const pattern = likePattern(where.search);
    q.andWhere((w) =>
      w
        .whereRaw(`leads.name ilike ? escape '\\'`, [pattern])
        .orWhereRaw(`leads.profile_url ilike ? escape '\\'`, [pattern]),
    );
  }
  return q;
}

/** Whether a sort runs from the largest key down. */
const descending = (sort: LeadsSort) => sort === 'newest' || sort === 'name-desc';

/**
 * `order by` of a sort: its key (name sorts), then id as the tie-break, one direction. `merged`:
 * the order of the outer query over scans that selected sortKeySelect.
 */
export function sortOrder(sort: LeadsSort, merged = false): string {
  const dir = descending(sort) ? 'desc' : 'asc';
  const key = isNameSort(sort) ? `${merged ? 'sort_key' : NAME_SORT_KEY} ${dir}, ` : '';
  return `${key}${merged ? '' : 'leads.'}id ${dir}`;
}

/** The sort key column each row carries out (null for the id sorts), to build the next cursor from. */
export function sortKeySelect(sort: LeadsSort): string {
  return isNameSort(sort) ? `${NAME_SORT_KEY} as sort_key` : 'null as sort_key';
}

/** Rows after the cursor in the sort's order: a row comparison the sort's index serves. */
export function afterCursor<Q extends Knex.QueryBuilder>(q: Q, cursor: LeadsCursor): Q {
  const op = descending(cursor.sort) ? '<' : '>';
  if (isNameSort(cursor.sort)) {
    q.andWhereRaw(`(${NAME_SORT_KEY}, leads.id) ${op} (?::text, ?::int)`, [cursor.key ?? '', cursor.id]);
  } else {
    q.andWhere('leads.id', op, cursor.id);
  }
  return q;
}

/** The cursor of the row a page ended on. */
export function cursorAt(sort: LeadsSort, row: { id: number; sort_key: string | null }): LeadsCursor {
  return isNameSort(sort) ? { sort, key: row.sort_key ?? '', id: row.id } : { sort, id: row.id };
}
