import { contract } from '@reachly/shared/contract';
import type pg from 'pg';
import { random } from './measure.ts';
import type { Seeded } from './seed.ts';

/** A workload call: the benches time each call (its argument is the run's number). */
type Call = () => Promise<unknown>;

/**
 * Leads pages of a seeded collection as the dashboard's table asks for them (20 leads after a
 * keyset `lastId`), each after a different, seeded-random lead.
 */
export async function leadsPages(db: pg.Client, { api, collectionId }: Seeded, seed = 11): Promise<Call> {
  const { rows: bounds } = await db.query<{ min: number; max: number }>(
    'select min(id) as min, max(id) as max from leads where collection_id = $1',
    [collectionId],
  );
  const { min = 0, max = 0 } = bounds[0] ?? {};
  const next = random(seed);
  return () => {
    const lastId = min + Math.floor(next() * Math.max(1, max - min - 40));
    return api.client.call(contract.leads.list, {
      query: { collectionId, lastId, isExcluded: false, limit: 20 },
    });
  };
}

/** Funnel moves as the board makes them: a seeded-random card of the first `sent` page to a random rank in its column. */
export async function funnelMoves({ api, collectionId }: Seeded, seed = 7): Promise<Call> {
  const page = await api.client.call(contract.conversations.list, {
    query: { collectionId, status: 'sent', limit: 50 },
  });
  if (!('hasMore' in page)) throw new Error('a column was asked for and the grouped board answered');
  const { conversations } = page;
  const next = random(seed);
  return () => {
    const card = conversations[Math.floor(next() * conversations.length)] as { id: number };
    return api.client.call(contract.conversations.move, {
      body: { id: card.id, collectionId, fields: { status: 'sent', order: Math.floor(next() * 50) } },
    });
  };
}
