import fc from 'fast-check';
import type { Knex } from 'knex';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineBindings } from '../src/db/copy-to.ts';
import { embeddedDatabase } from '../src/db/knex.ts';
import { openTestDatabase, type TestDatabase } from './helpers/test-database.ts';

/**
 * COPY takes no parameters: the exports write a query's bindings in as literals (db/copy-to.ts).
 * Whatever a binding holds (quotes, backslashes, `$1`, question marks, any Unicode), the database
 * reads back exactly the value bound, and nothing of it runs as SQL.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
}, 180_000);
afterAll(() => database?.destroy());

/** The SQL as the exports send it: to the driver, not through knex (which reads a `?` as a placeholder). */
async function driverQuery(db: Knex, sql: string): Promise<unknown[]> {
  const pglite = embeddedDatabase(db);
  if (pglite) return (await pglite.query(sql)).rows;
  const pool = db.client as {
    acquireConnection(): Promise<pg.Client>;
    releaseConnection(c: pg.Client): Promise<void>;
  };
  const connection = await pool.acquireConnection();
  try {
    return (await connection.query(sql)).rows;
  } finally {
    await pool.releaseConnection(connection);
  }
}

describe('inlineBindings', () => {
  it('writes text, numbers and booleans as literals the database reads back unchanged', async () => {
    const db = database.db;
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: fc.constantFrom("'", '\\', '"', '$', '1', '?', ';', 'é', '\n', 'a', ' ') }),
        fc.integer(),
        fc.boolean(),
        async (text, number, flag) => {
          const sql = inlineBindings(
            db.raw('select ?::text as t, ?::int as n, ?::boolean as b', [text, number, flag]),
          );
          const rows = await driverQuery(db, sql);
          expect(rows).toEqual([{ t: text, n: number, b: flag }]);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('keeps the sign of a number under a cast: the smallest int4 is not an overflow', async () => {
    const db = database.db;
    const sql = inlineBindings(db.raw('select ?::int as n, ?::smallint as s', [-2147483648, -32768]));
    expect(await driverQuery(db, sql)).toEqual([{ n: -2147483648, s: -32768 }]);
  });

  it('refuses a number that is not finite', () => {
    expect(() => inlineBindings(database.db.raw('select ?', [Number.NaN]))).toThrow(/finite/);
  });
});
