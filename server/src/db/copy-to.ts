import type { Readable } from 'node:stream';
import type { Knex } from 'knex';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

/**
 * A query's rows as CSV text made by PostgreSQL itself (`COPY (select …) TO STDOUT`), streamed: the
 * exports' path on PostgreSQL (docs/decisions.md, Exports). The server only passes bytes on, so an
 * export runs at the speed of psql's `\copy` and holds a socket buffer or two of memory, whatever
 * its length. One statement, so the file is one consistent snapshot. PGlite has no COPY to a client
 * stream: there the exports read keyset batches (services/exports/batches.ts).
 */

export interface CopiedRows {
  /**
   * The rows in COPY's CSV format (RFC 4180 quoting; LF after each record; an empty string as `""`
   * and null as nothing), no header. Reading it at the client's pace pauses the database's socket,
   * and so the COPY.
   */
  rows: Readable;
  /**
   * Gives the connection back to the pool. A COPY still running (the client went away) is cancelled
   * first and its remaining output read and dropped, so that the connection goes back ready for its
   * next query. Safe to call more than once.
   */
  close(): Promise<void>;
}

type Binding = string | number | boolean | null;

/**
 * The query's SQL with its bindings written in as literals: COPY takes no parameters. Strings go
 * through pg's escapeLiteral (quotes doubled, backslashes as E''), numbers must be finite (a negative
 * one in parentheses).
 */
export function inlineBindings(query: Knex.Raw | Knex.QueryBuilder): string {
  const native = query.toSQL().toNative();
  const bindings = native.bindings as readonly Binding[];
  return native.sql.replace(/\$(\d+)/g, (_, n: string) => {
    const value = bindings[Number(n) - 1];
    if (value === undefined) throw new Error(`no binding for $${n}`);
    if (value === null) return 'null';
    if (typeof value === 'boolean') return String(value);
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw new Error(`binding $${n} is not a finite number`);
      // In parentheses when negative: `-2147483648::int` casts before it negates, and overflows.
      return value < 0 ? `(${value})` : String(value);
    }
    return pg.escapeLiteral(String(value));
  });
}

/** pg's client as knex's pool lends it: processID (the backend's pid) is set once connected. */
type Connection = pg.Client & { processID: number };

interface PooledClient {
  acquireConnection(): Promise<Connection>;
  releaseConnection(connection: Connection): Promise<void>;
}

/** Starts `COPY (query) TO STDOUT (FORMAT csv)` on a connection of the pool of its own. */
export async function copyRows(db: Knex, query: Knex.Raw | Knex.QueryBuilder): Promise<CopiedRows> {
  const sql = `copy (${inlineBindings(query)}) to stdout with (format csv)`;
  const pool = db.client as PooledClient;
  const connection = await pool.acquireConnection();
  const rows = connection.query(copyTo(sql));
  // 'running' until the COPY's end or error; 'broken' if the stream was destroyed before either, when
  // the connection's protocol state is unknown (it is then not given back for reuse).
  let state: 'running' | 'ended' | 'broken' = 'running';
  const ended = new Promise<void>((resolve) => {
    const end = (to: 'ended' | 'broken') => () => {
      if (state === 'running') state = to;
      resolve();
    };
    rows.once('end', end('ended'));
    // The consumer sees the error too (it reads the stream); this listener only marks the end.
    rows.once('error', end('ended'));
    rows.once('close', end('broken'));
  });
  let closing: Promise<void> | null = null;
  async function close(): Promise<void> {
    if (state !== 'ended') {
      // On another connection: this one is busy sending rows nobody reads.
      await db.raw('select pg_cancel_backend(?)', [connection.processID]);
      if (state === 'running') {
        rows.resume();
        await ended;
      }
    }
    // knex's pool destroys a connection so marked instead of lending it again.
    if (state === 'broken') Object.assign(connection, { __knex__disposed: 'its COPY stream was destroyed' });
    await pool.releaseConnection(connection);
  }
  return {
    rows,
    close: () => {
      closing ??= close();
      return closing;
    },
  };
}
