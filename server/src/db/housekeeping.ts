import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { compactBusyLeadCounts } from '../services/leads/lead-counts.ts';
import { embeddedDatabase } from './knex.ts';

/**
 * What PostgreSQL's autovacuum does, for a database where it does not run: the embedded PGlite
 * (one process, no autovacuum worker, although its setting reads 'on') and a PostgreSQL server
 * configured with `autovacuum = off`. Without it, the planner's statistics stay those of the day a
 * table was small and its dead rows are never reclaimed: the claim's plan, made once per session
 * (migration 20261127000300), kept reading the organisation's whole `people` table for every
 * claim, and the engine bench's claim got ~4 times slower over 4,000 contacts.
 *
 * A pass reads each table's counters (`pg_stat_user_tables`) and, with autovacuum's default
 * thresholds, vacuums (and analyzes) a table whose dead rows exceed 50 + 20 % of its live ones, or
 * analyzes one whose changes since its last analyze exceed 50 + 10 %. A fresh plan follows by
 * itself: an analyze invalidates the cached plans that read the table.
 *
 * Each pass first folds the lead counters' delta rows of busy collections (compactBusyLeadCounts),
 * on every database: the engine's writes add one each and fold nothing themselves.
 */

/** autovacuum_vacuum_threshold / _scale_factor and autovacuum_analyze_threshold / _scale_factor (PostgreSQL's defaults). */
const VACUUM_BASE = 50;
const VACUUM_SCALE = 0.2;
const ANALYZE_BASE = 50;
const ANALYZE_SCALE = 0.1;

export interface TableActivity {
  table: string;
  live: number;
  dead: number;
  changedSinceAnalyze: number;
}

export type TableCare = 'vacuum' | 'analyze';

/** What a table needs by autovacuum's rule: a vacuum (with analyze), an analyze, or nothing. */
export function careFor({ live, dead, changedSinceAnalyze }: TableActivity): TableCare | null {
  if (dead > VACUUM_BASE + VACUUM_SCALE * live) return 'vacuum';
  if (changedSinceAnalyze > ANALYZE_BASE + ANALYZE_SCALE * live) return 'analyze';
  return null;
}

/** True when the database's own autovacuum looks after its tables (PostgreSQL with autovacuum on). */
async function autovacuumRuns(db: Knex): Promise<boolean> {
  if (embeddedDatabase(db)) return false;
  const { rows } = (await db.raw("select current_setting('autovacuum') as on")) as { rows: { on: string }[] };
  return rows[0]?.on === 'on';
}

/**
 * One pass: the tables that needed care and what each got; none when autovacuum runs. Vacuum
 * cannot run in a transaction: each statement goes on its own.
 */
export async function tendTables(db: Knex): Promise<{ table: string; care: TableCare }[]> {
  if (await autovacuumRuns(db)) return [];
  // PGlite's one session reports its counts when it is idle long enough: now, before they are read.
  if (embeddedDatabase(db)) await db.raw('select pg_stat_force_next_flush()');
  const { rows } = (await db.raw(
    `select relname as table, n_live_tup as live, n_dead_tup as dead, n_mod_since_analyze as changed
       from pg_stat_user_tables where schemaname = current_schema() order by relname`,
  )) as { rows: { table: string; live: number | string; dead: number | string; changed: number | string }[] };
  const tended: { table: string; care: TableCare }[] = [];
  for (const row of rows) {
    const care = careFor({
      table: row.table,
      live: Number(row.live),
      dead: Number(row.dead),
      changedSinceAnalyze: Number(row.changed),
    });
    if (!care) continue;
    await db.raw(care === 'vacuum' ? 'vacuum (analyze) ??' : 'analyze ??', [row.table]);
    tended.push({ table: row.table, care });
  }
  return tended;
}

/** Runs a pass every `intervalMs` (0: never) until stopped; a failed pass is logged and the next one tries again. */
export function startHousekeeping(db: Knex, { intervalMs, logger }: { intervalMs: number; logger: Logger }) {
  let running: Promise<void> | null = null;
  const pass = async () => {
    try {
      await compactBusyLeadCounts(db);
    } catch (error) {
      logger.warn({ err: error }, 'housekeeping: folding the lead counts failed');
    }
    try {
      const tended = await tendTables(db);
      if (tended.length > 0) logger.debug({ tended }, 'housekeeping: tables vacuumed or analyzed');
    } catch (error) {
      logger.warn({ err: error }, 'housekeeping: a pass failed');
    }
  };
  const timer =
    intervalMs > 0
      ? setInterval(() => {
          running ??= pass().finally(() => {
            running = null;
          });
        }, intervalMs)
      : null;
  timer?.unref();
  return {
    /** Stops the timer and waits for a pass under way. */
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
