import type { ConversationStatus } from '@reachly/shared/constants';
import type { Knex } from 'knex';
import { table } from '../../db/tables.ts';

/** One change of a card's status, as funnel_moves stores it (migration 20261127900010). */
export interface FunnelMove {
  organizationId: number;
  conversationId: number;
  /** The status the card left; null for a new card. */
  from: ConversationStatus | null;
  to: ConversationStatus;
  /** A person (with their user id), the engine, or rows not written as the move happened. */
  by: 'person' | 'engine' | 'import';
  userId?: number | null;
  at: Date | Knex.Raw;
}

/**
 * Writes funnel moves into the history the reports read (docs/decisions.md "Reports"). Call it
 * with the transaction that changes the card's status, so that a move exists exactly when the
 * change does (a rolled-back move leaves no row).
 */
export async function recordFunnelMoves(trx: Knex.Transaction, moves: readonly FunnelMove[]): Promise<void> {
  if (moves.length === 0) return;
  await table(trx, 'funnel_moves').insert(
    moves.map((m) => ({
      organization_id: m.organizationId,
      conversation_id: m.conversationId,
      from_status: m.from,
      to_status: m.to,
      moved_by: m.by,
      moved_by_user_id: m.userId ?? null,
      // A raw expression (the transaction's now()) where the change stamps the database's time.
      at: m.at as Date,
    })),
  );
}
