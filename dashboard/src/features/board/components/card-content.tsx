import { memo } from 'react';
import type { BoardCard } from '../utils/board-data.ts';
import { formatFullTime, formatMessageTime } from '../utils/format-time.ts';

export const UNNAMED_LEAD = 'Unnamed lead';

/**
 * What a card shows: the lead's name, the last message and its time. Plain elements styled by the
 * board's classes (board-styles.ts): hundreds of cards render without a style computation each.
 */
export const CardContent = memo(function CardContent({ card }: { card: BoardCard }) {
  return (
    <>
      <span className="board-card__name">{card.name ?? UNNAMED_LEAD}</span>
      <span className="board-card__message" data-empty={card.lastMessage ? undefined : ''}>
        {card.lastMessage ?? 'No messages yet'}
      </span>
      {card.lastMessageAt && (
        <time
          className="board-card__time"
          dateTime={card.lastMessageAt}
          title={formatFullTime(card.lastMessageAt)}
        >
          {formatMessageTime(card.lastMessageAt)}
        </time>
      )}
    </>
  );
});
