import type { Collection } from '@reachly/shared/schemas';
import type { Knex } from 'knex';
import { toCount } from '../db/knex.ts';
import { prepared } from '../db/prepared.ts';
import { conflict, isUniqueViolation, notFound } from '../errors.ts';
import { tenant } from './tenancy.ts';

export type CollectionsService = ReturnType<typeof createCollectionsService>;

interface CollectionCountsRow {
  id: number;
  name: string;
  profiles: unknown;
  has_message_button: unknown;
  sent_friend_requests: unknown;
  sent_messages: unknown;
  should_skip: unknown;
}

const duplicateName = (name: string) => conflict(`A collection named "${name}" already exists.`);
const missing = (id: number) => notFound(`Collection ${id} not found.`);

/** Each counter of CollectionCountsRow: the lead_counts column it sums. */
const SUMS = [
  ['n', 'profiles'],
  ['has_message_button', 'has_message_button'],
  ['sent_friend_requests', 'sent_friend_requests'],
  ['sent_messages', 'sent_messages'],
  ['should_skip', 'should_skip'],
]
  .map(([column, as]) => `coalesce(sum(k.${column}), 0) as ${as}`)
  .join(', ');
/** An organisation's collections with their counters (bindings: the organisation twice, then the collection's id). */
const countsSql = (one: boolean) =>
  `select c.id, c.name, ${SUMS}
     from collections c
     left join lead_counts k on k.collection_id = c.id and k.organization_id = ?
    where c.organization_id = ?${one ? ' and c.id = ?' : ''}
    group by c.id, c.name
    order by c.id`;
const COUNTS_SQL = countsSql(false);
const COUNT_ONE_SQL = countsSql(true);

/**
 * Lead collections with their counters (spec §3 Collection): every number is kept per collection
 * in lead_counts by the database's triggers (migration 20261128235010-collection-counters), so the
 * list sums a few rows per collection however many leads it holds, in one query.
 */
export function createCollectionsService({ db }: { db: Knex }) {
  /**
   * The collections of an organisation (all of them, or the one `id`) with their lead counters:
   * the sums of their lead_counts rows (unknown Message buttons count as ones to message, found
   * out on the lead's visit). One SQL text each, kept as a prepared statement (db/prepared.ts).
   */
  async function counts(organizationId: number, id?: number): Promise<CollectionCountsRow[]> {
    const query =
      id === undefined
        ? prepared(db.raw(COUNTS_SQL, [organizationId, organizationId]), 'collections_list')
        : prepared(db.raw(COUNT_ONE_SQL, [organizationId, organizationId, id]), 'collections_get');
    return ((await query) as { rows: CollectionCountsRow[] }).rows;
  }

  function toCollection(row: CollectionCountsRow): Collection {
    return {
      id: row.id,
      name: row.name,
      hasMessageButton: toCount(row.has_message_button),
      profiles: toCount(row.profiles),
      sentFriendRequests: toCount(row.sent_friend_requests),
      sentMessages: toCount(row.sent_messages),
      shouldSkip: toCount(row.should_skip),
    };
  }

  /** GET /api/collections: oldest first. */
  async function list(organizationId: number): Promise<Collection[]> {
    return (await counts(organizationId)).map(toCollection);
  }

  async function get(organizationId: number, id: number): Promise<Collection> {
    const [row] = await counts(organizationId, id);
    if (!row) throw missing(id);
    return toCollection(row);
  }

  /** POST /api/collections: a new, empty collection; a name already used answers 409. */
  async function create(organizationId: number, name: string): Promise<Collection> {
    try {
      const [row] = await db('collections')
        .insert({ organization_id: organizationId, name })
        .returning(['id', 'name']);
      if (!row) throw new Error('insert returned no collection');
      return {
        id: row.id,
        name: row.name,
        hasMessageButton: 0,
        profiles: 0,
        sentFriendRequests: 0,
        sentMessages: 0,
        shouldSkip: 0,
      };
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateName(name);
      throw error;
    }
  }

  /** PATCH /api/collections/:id: renames; another collection's name answers 409. */
  async function rename(organizationId: number, id: number, name: string): Promise<Collection> {
    try {
      const changed = await tenant(db, organizationId).table('collections').where({ id }).update({ name });
      if (changed === 0) throw missing(id);
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateName(name);
      throw error;
    }
    return get(organizationId, id);
  }

  /**
   * DELETE /api/collections/:id: the collection, its leads and their conversations (and anything
   * else that cascades from them), in one transaction.
   */
  async function remove(organizationId: number, id: number): Promise<{ id: number }> {
    await db.transaction(async (trx) => {
      const scope = tenant(trx, organizationId);
      const owned = await scope.table('collections').where({ id }).forUpdate().first('id');
      if (!owned) throw missing(id);
      await scope.table('leads').where({ collection_id: id }).delete();
      await scope.table('collections').where({ id }).delete();
    });
    return { id };
  }

  return { list, get, create, rename, remove };
}
