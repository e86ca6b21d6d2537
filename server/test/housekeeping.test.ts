import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { careFor, tendTables } from '../src/db/housekeeping.ts';
import { embeddedDatabase } from '../src/db/knex.ts';
import { openTestDatabase, type TestDatabase } from './helpers/test-database.ts';

/**
 * The server's stand-in for autovacuum (db/housekeeping.ts): on a database where autovacuum does
 * not run (PGlite always; PostgreSQL when `autovacuum = off`, as on the machines these tests run
 * on), a pass vacuums a table full of dead rows and analyzes one much changed since its statistics
 * were taken, so the planner's row counts follow the data.
 */
describe('careFor (autovacuum’s default thresholds)', () => {
  it('vacuums past 50 + 20 % dead rows, analyzes past 50 + 10 % changes, else leaves the table', () => {
    expect(careFor({ table: 't', live: 1000, dead: 251, changedSinceAnalyze: 0 })).toBe('vacuum');
    expect(careFor({ table: 't', live: 1000, dead: 250, changedSinceAnalyze: 151 })).toBe('analyze');
    expect(careFor({ table: 't', live: 1000, dead: 250, changedSinceAnalyze: 150 })).toBeNull();
    expect(careFor({ table: 't', live: 0, dead: 0, changedSinceAnalyze: 51 })).toBe('analyze');
  });
});

describe('tendTables on the test database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.destroy());

  const stats = async () => {
    const db = database.db;
    if (embeddedDatabase(db)) await db.raw('select pg_stat_force_next_flush()');
    await db.raw('select pg_stat_clear_snapshot()');
    const { rows } = (await db.raw(
      `select s.n_dead_tup as dead, s.n_mod_since_analyze as changed, c.reltuples as estimated
         from pg_stat_user_tables s join pg_class c on c.oid = s.relid
        where s.schemaname = current_schema() and s.relname = 'housekeeping_probe'`,
    )) as { rows: { dead: number | string; changed: number | string; estimated: number | string }[] };
    const row = rows[0];
    return { dead: Number(row?.dead), changed: Number(row?.changed), estimated: Number(row?.estimated) };
  };

  it('vacuums and analyzes a table whose rows went, so the planner counts what is left', async () => {
    const db = database.db;
    const { rows } = (await db.raw("select current_setting('autovacuum') as on")) as {
      rows: { on: string }[];
    };
    const autovacuum = !embeddedDatabase(db) && rows[0]?.on === 'on';
    await db.raw('create table housekeeping_probe (id int primary key, note text)');
    await db.raw("insert into housekeeping_probe select g, 'row ' || g from generate_series(1, 2000) g");
    await db.raw('analyze housekeeping_probe');
    const deletedBy = await db.transaction(async (trx) => {
      await trx.raw('delete from housekeeping_probe where id > 500');
      const { rows } = (await trx.raw('select pg_current_xact_id()::text as xid')) as {
        rows: { xid: string }[];
      };
      return rows[0]?.xid as string;
    });
    // PostgreSQL's other sessions report their counts within seconds of going idle.
    await vi.waitFor(async () => expect((await stats()).dead).toBeGreaterThanOrEqual(1500), {
      timeout: 30_000,
      interval: 200,
    });
    expect((await stats()).estimated).toBe(2000);

    if (!embeddedDatabase(db)) {
      // VACUUM removes only the rows no snapshot can still see. The other test files share this
      // database (a schema each); one of them may hold a snapshot taken before the delete (an
      // export's COPY, a long transaction), so wait until every such snapshot is gone.
      await vi.waitFor(
        async () => {
          const { rows: older } = (await db.raw(
            `select count(*)::int as n from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid()
                and (age(backend_xmin) >= age(xid(?::xid8)) or age(backend_xid) >= age(xid(?::xid8)))`,
            [deletedBy, deletedBy],
          )) as { rows: { n: number }[] };
          expect(older[0]?.n).toBe(0);
        },
        { timeout: 120_000, interval: 250 },
      );
    }
    const tended = await tendTables(db);

    if (autovacuum) {
      // The database's own autovacuum looks after it: the server leaves it alone.
      expect(tended).toEqual([]);
      return;
    }
    expect(tended).toContainEqual({ table: 'housekeeping_probe', care: 'vacuum' });
    expect(await stats()).toMatchObject({ dead: 0, changed: 0, estimated: 500 });
    // A second pass finds nothing more to do for it.
    expect(await tendTables(db)).not.toContainEqual(expect.objectContaining({ table: 'housekeeping_probe' }));
  });
});
