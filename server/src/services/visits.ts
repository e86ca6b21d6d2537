import { createHmac } from 'node:crypto';
import type { VisitCounterKey } from '@reachly/shared/constants';
import type { Knex } from 'knex';

/**
 * The counters a page may raise through POST /api/summary. The others (sign-ups, trials, purchases)
 * are written by the server where they happen, never by a visitor.
 */
export const PUBLIC_VISIT_COUNTER_KEYS: readonly VisitCounterKey[] = ['uniqueVisits', 'uniqueNewVisits'];

/** Adds one to today's counter for the key. */
export async function countVisit(
  db: Knex | Knex.Transaction,
  key: VisitCounterKey,
  day = new Date(),
): Promise<void> {
  await db('visit_counters')
    .insert({ day: dayOf(day), key, count: 1 })
    .onConflict(['day', 'key'])
    .merge({ count: db.raw('visit_counters.count + 1') });
}

/**
 * A visitor's identity for once-a-day counting: a keyed hash of the address and browser, so that no
 * address is stored and the hash cannot be reversed without the server's secret.
 */
export function visitorId(
  secret: string,
  address: string | undefined,
  userAgent: string | undefined,
): string {
  return createHmac('sha256', secret)
    .update(`${address ?? ''}\n${userAgent ?? ''}`)
    .digest('hex');
}

/**
 * Marks that the visitor did `key` today; true the first time of the day, false after. Runs inside
 * the caller's transaction so that the mark and what it guards are written together.
 */
export async function markOncePerDay(
  db: Knex | Knex.Transaction,
  key: string,
  visitor: string,
  day = new Date(),
): Promise<boolean> {
  const inserted = await db('visit_marks')
    .insert({ day: dayOf(day), key: key.slice(0, 120), visitor })
    .onConflict(['day', 'key', 'visitor'])
    .ignore()
    .returning('visitor');
  return inserted.length > 0;
}

/** POST /api/summary: counts the key once per visitor and day. */
export async function countVisitOnce(
  db: Knex,
  key: VisitCounterKey,
  visitor: string,
  day = new Date(),
): Promise<void> {
  await db.transaction(async (trx) => {
    if (await markOncePerDay(trx, `summary:${key}`, visitor, day)) await countVisit(trx, key, day);
  });
}

function dayOf(day: Date): string {
  return day.toISOString().slice(0, 10);
}
