import type { ConversationStatus } from '@reachly/shared/constants';
import type { Knex } from 'knex';
import { recordFunnelMoves } from '../reports/funnel-moves.ts';
import { recordStatusChanged } from '../webhooks/record-event.ts';

/** A card that left one funnel column for another, by a person (the board) or the engine. */
export interface CardMove {
  organizationId: number;
  conversationId: number;
  leadId: number;
  profileId: number | null;
  from: ConversationStatus;
  to: ConversationStatus;
  by: 'person' | 'engine';
  /** The person who moved it (by: 'person'). */
  userId?: number | null;
  at: Date;
}

/**
 * What a card's move leaves behind, in the transaction that moves it: a row of the funnel's
 * history (the reports) and a `lead.status_changed` event in the webhooks' outbox. Every move of a
 * card to another column goes through here, so neither can be forgotten.
 */
export async function recordCardMoved(trx: Knex.Transaction, move: CardMove): Promise<void> {
  await recordFunnelMoves(trx, [
    {
      organizationId: move.organizationId,
      conversationId: move.conversationId,
      from: move.from,
      to: move.to,
      by: move.by,
      userId: move.userId ?? null,
      at: move.at,
    },
  ]);
  await recordStatusChanged(trx, move);
}
