import type { ConversationStatus } from '@reachly/shared/constants';
import type { E2EApp } from './app.ts';

/** The server's Knex instance (app.running.ctx.db). */
type Knex = E2EApp['running']['ctx']['db'];

/**
 * Funnel-board rows the API does not create (the campaign engine will): collections, leads,
 * conversations and their messages, inserted straight into the server's database for one
 * organisation, a few statements whatever the count.
 */

interface SeedMessage {
  direction: 'in' | 'out';
  text: string;
  /** ISO time; default: one minute apart, ending now. */
  sentAt?: string;
}

export interface SeedCard {
  collectionId: number;
  status: ConversationStatus;
  /** The lead's name. */
  name: string;
  messages?: SeedMessage[];
}

let counter = 0;

export async function seedCollection(db: Knex, organizationId: number, name: string): Promise<number> {
  const [row] = await db('collections').insert({ organization_id: organizationId, name }).returning('id');
  return Number(row.id);
}

/**
 * Leads and their conversations, in the order given: within a status, the first card gets rank
 * 1000, the next 2000... (after any cards the column already holds). Answers the conversation ids.
 */
export async function seedCards(
  db: Knex,
  organizationId: number,
  cards: readonly SeedCard[],
): Promise<number[]> {
  if (cards.length === 0) return [];
  counter += 1;
  const batch = `${process.pid}-${Date.now().toString(36)}-${counter}`;
  const leads: { id: number | string }[] = await db('leads')
    .insert(
      cards.map((c, i) => ({
        organization_id: organizationId,
        collection_id: c.collectionId,
        profile_url: `https://network.example/people/${batch}-${i}`,
        name: c.name,
      })),
    )
    .returning('id');
  const maxRanks = (await db('conversations')
    .where('organization_id', organizationId)
    .groupBy('status')
    .select('status')
    .max({ max: 'order' })) as { status: ConversationStatus; max: number | string | null }[];
  const nextRank = new Map(maxRanks.map((r) => [r.status, Number(r.max ?? 0)]));
  const now = Date.now();
  const rows = cards.map((c, i) => {
    const rank = (nextRank.get(c.status) ?? 0) + 1000;
    nextRank.set(c.status, rank);
    const messages = timed(c.messages ?? [], now);
    const last = messages.at(-1);
    return {
      organization_id: organizationId,
      lead_id: Number(leads[i]?.id),
      collection_id: c.collectionId,
      status: c.status,
      order: rank,
      last_message: last?.text ?? null,
      last_message_at: last?.sentAt ?? null,
    };
  });
  const conversations: { id: number | string }[] = await db('conversations').insert(rows).returning('id');
  const ids = conversations.map((r) => Number(r.id));
  const messages = cards.flatMap((c, i) =>
    timed(c.messages ?? [], now).map((m) => ({
      organization_id: organizationId,
      conversation_id: ids[i],
      direction: m.direction,
      text: m.text,
      sent_at: m.sentAt,
    })),
  );
  if (messages.length) await db('conversation_messages').insert(messages);
  return ids;
}

function timed(messages: readonly SeedMessage[], now: number): Required<SeedMessage>[] {
  return messages.map((m, i) => ({
    ...m,
    sentAt: m.sentAt ?? new Date(now - (messages.length - i) * 60_000).toISOString(),
  }));
}
