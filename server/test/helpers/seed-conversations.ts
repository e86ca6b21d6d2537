import type { ConversationStatus } from '@reachly/shared/constants';
import type { TestServer } from './test-server.ts';

/**
 * Rows the API does not create yet (the campaign engine will): collections, leads, profiles,
 * conversations and their messages, inserted straight into the test database for one organisation.
 */

let counter = 0;
const next = () => {
  counter += 1;
  return counter;
};

export async function seedCollection(
  server: TestServer,
  organizationId: number,
  name?: string,
): Promise<number> {
  const [row] = await server.database
    .db('collections')
    .insert({ organization_id: organizationId, name: name ?? `Collection ${next()}` })
    .returning('id');
  return Number(row.id);
}

export async function seedProfile(
  server: TestServer,
  organizationId: number,
  name?: string,
): Promise<number> {
  const [row] = await server.database
    .db('profiles')
    .insert({ organization_id: organizationId, name: name ?? `Profile ${next()}` })
    .returning('id');
  return Number(row.id);
}

interface SeedMessage {
  direction: 'in' | 'out';
  text: string;
  sentAt?: string;
}

export interface SeedConversation {
  collectionId: number;
  status?: ConversationStatus;
  order: number;
  /** The lead's name. */
  name?: string | null;
  profileId?: number | null;
  statusUpdateDate?: string | null;
  messages?: SeedMessage[];
}

/** A lead of the collection and its conversation (and messages, oldest first); answers the conversation id. */
export async function seedConversation(
  server: TestServer,
  organizationId: number,
  c: SeedConversation,
): Promise<number> {
  const db = server.database.db;
  const n = next();
  const [lead] = await db('leads')
    .insert({
      organization_id: organizationId,
      collection_id: c.collectionId,
      profile_url: `https://network.example/people/${n}`,
      name: c.name === undefined ? `Lead ${n}` : c.name,
      avatar_url: `https://network.example/avatars/${n}.png`,
    })
    .returning('id');
  const messages = c.messages ?? [];
  const last = messages.at(-1);
  const [conversation] = await db('conversations')
    .insert({
      organization_id: organizationId,
      lead_id: lead.id,
      profile_id: c.profileId ?? null,
      collection_id: c.collectionId,
      status: c.status ?? 'sent',
      order: c.order,
      status_update_date: c.statusUpdateDate ?? null,
      last_message: last?.text ?? null,
      last_message_at: last ? (last.sentAt ?? new Date().toISOString()) : null,
    })
    .returning('id');
  if (messages.length) {
    await db('conversation_messages').insert(
      messages.map((m) => ({
        organization_id: organizationId,
        conversation_id: conversation.id,
        direction: m.direction,
        text: m.text,
        ...(m.sentAt ? { sent_at: m.sentAt } : {}),
      })),
    );
  }
  return Number(conversation.id);
}

/** `count` conversations in one status column with ranks 1000, 2000, ...; answers their ids in order. */
export async function seedColumn(
  server: TestServer,
  organizationId: number,
  collectionId: number,
  status: ConversationStatus,
  count: number,
  firstRank = 1000,
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    ids.push(
      await seedConversation(server, organizationId, { collectionId, status, order: firstRank + i * 1000 }),
    );
  }
  return ids;
}

/** The stored rows of a column, sorted as the board sorts them: [id, order, status_update_date]. */
export async function columnRows(
  server: TestServer,
  organizationId: number,
  status: ConversationStatus,
): Promise<{ id: number; order: number; status_update_date: Date | string | null }[]> {
  const rows = await server.database
    .db('conversations')
    .where({ organization_id: organizationId, status })
    .orderBy([{ column: 'order' }, { column: 'id' }])
    .select('id', 'order', 'status_update_date');
  return rows.map((r) => ({
    id: Number(r.id),
    order: Number(r.order),
    status_update_date: r.status_update_date,
  }));
}
