import type { CollectionIdOrAll } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { likePattern } from '../../db/sql.ts';
import { exportRows, textRows } from './batches.ts';
import type { ExportRows } from './csv-response.ts';

/** Which leads an export reads: the organisation's, one collection or all, excluded or not or both. */
export interface LeadFilter {
  organizationId: number;
  collectionId: CollectionIdOrAll;
  isExcluded?: boolean | undefined;
  /** The leads list's search: name or profile link holds it (ILIKE, as GET /api/leads reads it). */
  search?: string | undefined;
}

/**
 * The filter's WHERE clause on `leads` (as `alias`), with its bindings; `withExcluded` adds the
 * isExcluded side when the filter names one (the keyset pages give it per index scan instead).
 */
export function leadWhere(
  filter: LeadFilter,
  alias = 'leads',
  { withExcluded = false }: { withExcluded?: boolean } = {},
): { sql: string; bindings: (number | boolean | string)[] } {
  const parts = [`${alias}.organization_id = ?`];
  const bindings: (number | boolean | string)[] = [filter.organizationId];
  if (withExcluded && filter.isExcluded !== undefined) {
    parts.push(`${alias}.is_excluded = ?`);
    bindings.push(filter.isExcluded);
  }
  if (filter.collectionId !== 'all') {
    parts.push(`${alias}.collection_id = ?`);
    bindings.push(filter.collectionId);
  }
  if (filter.search !== undefined) {
    parts.push(`(${alias}.name ilike ? escape '\\' or ${alias}.profile_url ilike ? escape '\\')`);
    bindings.push(likePattern(filter.search), likePattern(filter.search));
  }
  return { sql: parts.join(' and '), bindings };
}

/**
 * A keyset page of lead ids in id order, as a subquery `page(id)`: one index-ordered scan per
 * isExcluded value, merged (the (organization_id[, collection_id], is_excluded, id) indexes that
 * GET /api/leads pages by), so that no batch sorts or walks the whole collection.
 */
function leadIdsPage(
  filter: LeadFilter,
  afterId: number,
  limit: number,
): { sql: string; bindings: (number | boolean | string)[] } {
  const where = leadWhere(filter);
  const flags = filter.isExcluded === undefined ? [false, true] : [filter.isExcluded];
  const scans = flags.map(
    () => `(select id from leads where ${where.sql} and is_excluded = ? and id > ? order by id limit ?)`,
  );
  return {
    sql: `(select id from (${scans.join(' union all ')}) ids order by id limit ?) page`,
    bindings: [...flags.flatMap((flag) => [...where.bindings, flag, afterId, limit]), limit],
  };
}

/** The lead's latest conversation (the funnel card most recently written in), as the lateral `cv`. */
export const LATEST_CONVERSATION = `left join lateral (
    select c.status, c.last_message_at, c.profile_id from conversations c
     where c.lead_id = l.id order by c.last_message_at desc nulls last, c.id desc limit 1
  ) cv on true`;

/** What an export selects for each lead (`l`), with the joins it reads and their bindings. */
interface LeadRowsQuery {
  select: string;
  selectBindings?: readonly (string | number)[];
  joins: string;
  joinBindings?: readonly (string | number)[];
}

/**
 * Every lead the filter names, as text rows in id order (the first cell: the lead id): keyset pages
 * of the index-ordered ids, or one query for COPY, which reads the leads in the same order.
 */
export function leadRows(db: Knex, filter: LeadFilter, query: LeadRowsQuery, columns: number): ExportRows {
  return exportRows(db, {
    columns,
    page: (afterId, limit) => {
      const ids = leadIdsPage(filter, afterId, limit);
      return textRows(
        db.raw(
          `select ${query.select} from ${ids.sql} join leads l on l.id = page.id ${query.joins} order by l.id`,
          [...(query.selectBindings ?? []), ...ids.bindings, ...(query.joinBindings ?? [])],
        ),
      );
    },
    all: () => {
      const where = leadWhere(filter, 'l', { withExcluded: true });
      return db.raw(`select ${query.select} from leads l ${query.joins} where ${where.sql} order by l.id`, [
        ...(query.selectBindings ?? []),
        ...(query.joinBindings ?? []),
        ...where.bindings,
      ]);
    },
  });
}
