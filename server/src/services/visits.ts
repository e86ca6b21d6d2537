import type { VisitCounterKey } from '@reachly/shared/constants';
import type { Knex } from 'knex';

/** Adds one to today's counter for the key (spec §3 visit-counter keys). */
export async function countVisit(
  db: Knex | Knex.Transaction,
  key: VisitCounterKey,
  day = new Date(),
): Promise<void> {
  await db('visit_counters')
    .insert({ day: day.toISOString().slice(0, 10), key, count: 1 })
    .onConflict(['day', 'key'])
    .merge({ count: db.raw('visit_counters.count + 1') });
}
