import type { Knex } from 'knex';

/**
 * A hot statement as a named prepared statement: PostgreSQL parses and plans it once per pool
 * connection and then only binds and runs it (the collections list cost PostgreSQL about five
 * times as much CPU as unnamed: docs/decisions.md, Server). `name` must always stand for the same
 * SQL text (pg refuses another text under a name a connection has prepared), so it names the
 * statement's shape, not its values, which stay bindings. PGlite's driver ignores the name.
 */
export function prepared<Q extends Knex.ChainableInterface>(query: Q, name: string): Q {
  return query.options({ name: `reachly_${name}` });
}
