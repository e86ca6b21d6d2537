import type { Knex } from 'knex';
import { notFound } from '../errors.ts';

/**
 * The one organisation-scoping helper (docs/design.md §3 Tenancy). Every route reads and writes rows
 * of its organisation through it, so that an id of another organisation answers 404 exactly as an
 * id that does not exist.
 */
export interface Tenant {
  readonly organizationId: number;
  /** A query builder on `table` limited to this organisation's rows. */
  table<T extends object = Record<string, unknown>>(table: string): Knex.QueryBuilder<T, T[]>;
  /** The row of `table` with this id, or a 404 NOT_FOUND when it is absent or another organisation's. */
  findOwned<T extends object = Record<string, unknown>>(table: string, id: number, what?: string): Promise<T>;
}

export function tenant(db: Knex | Knex.Transaction, organizationId: number): Tenant {
  return {
    organizationId,
    table<T extends object>(table: string) {
      return db<T>(table).where(`${table}.organization_id`, organizationId) as Knex.QueryBuilder<T, T[]>;
    },
    async findOwned<T extends object>(table: string, id: number, what?: string) {
      const row = (await db(table)
        .where(`${table}.organization_id`, organizationId)
        .andWhere(`${table}.id`, id)
        .first()) as T | undefined;
      if (!row) throw notFound(`${what ?? 'Item'} ${id} not found.`);
      return row;
    },
  };
}
