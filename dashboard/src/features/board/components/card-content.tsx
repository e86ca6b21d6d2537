import { memo } from 'react';
import type { BoardCard } from '../utils/board-data.ts';
import { formatDay, formatFullTime, formatMessageTime, localDay } from '../utils/format-time.ts';

export const UNNAMED_LEAD = 'Unnamed lead';

/**
 * What a card shows: the lead's name, what the lead's answer left on it (a person should answer; the
 * day to write again; a note such as a referral), the last message and its time. Plain elements
 * styled by the board's classes (board-styles.ts): hundreds of cards render without a style
 * computation each.
 */
export const CardContent = memo(function CardContent({ card }: { card: BoardCard }) {
  const contactLater = card.contactOn !== null && card.contactOn >= localDay();
  return (
    <>
      <span className="board-card__name">{card.name ?? UNNAMED_LEAD}</span>
      {(card.needsPerson || contactLater) && (
        <span className="board-card__flags">
          {card.needsPerson && (
            <span className="board-card__flag" data-kind="needs-person" title={card.needsPerson}>
              Needs a person
            </span>
          )}
          {contactLater && card.contactOn && (
            <span className="board-card__flag" data-kind="contact">
              Contact again on {formatDay(card.contactOn)}
            </span>
          )}
        </span>
      )}
      {card.note && <span className="board-card__note">{card.note}</span>}
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
