import { Button } from '@chakra-ui/react';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { StatusDefinition } from '@reachly/shared/constants';
import { canLoadMoreInStatus } from '@reachly/shared/logic';
import { memo, useCallback, useMemo } from 'react';
import { statusStyle } from '../../../lib/status-style.ts';
import type { BoardParams } from '../board-queries.ts';
import { useColumnWindow } from '../hooks/use-column-window.ts';
import { useLoadMoreColumn } from '../hooks/use-load-more-column.ts';
import type { BoardCard } from '../utils/board-data.ts';
import { BoardCardItem } from './board-card.tsx';

interface BoardColumnProps {
  status: StatusDefinition;
  cards: BoardCard[];
  count: number;
  params: BoardParams;
  /** The board is fetching or saving: no column loads more meanwhile (spec §5). */
  busy: boolean;
  /** Cards cannot be dragged (the board shows another collection's cards while it loads). */
  disabled: boolean;
  /** The card being dragged, if it is in this column. */
  activeId: number | null;
  /** The column is in or near the visible part of the board (useNearColumns): it shows its cards. */
  near: boolean;
  /** Its cards can be dragged yet (FunnelBoard: once the board is painted or a person reaches for it). */
  sortable: boolean;
  onOpen: (card: BoardCard) => void;
}

/**
 * One status column: its label, gradient and text colour, the count of spec §3 statusCounts, the
 * cards, and "Load more" while it shows fewer cards than its count. Renders again only when its own
 * cards or count change. Only the cards in and near the visible part of its list are in the page
 * (useColumnWindow): a board of 500 cards keeps about a dozen a column, and none in a column far
 * from view sideways.
 */
export const BoardColumn = memo(function BoardColumn({
  status,
  cards,
  count,
  params,
  busy,
  disabled,
  activeId,
  near,
  sortable,
  onOpen,
}: BoardColumnProps) {
  const { setNodeRef, isOver } = useDroppable({ id: status.value });
  const cardWindow = useColumnWindow(cards, activeId, near);
  const { listRef } = cardWindow;
  const setListRef = useCallback(
    (element: HTMLElement | null) => {
      setNodeRef(element);
      listRef(element);
    },
    [setNodeRef, listRef],
  );
  const ids = useMemo(() => cards.map((c) => c.id), [cards]);
  const loadMore = useLoadMoreColumn(params, status.value);
  const titleId = `board-column-${status.value}`;
  // While a card travels the counts wait for the drop: no load more meanwhile.
  const hasMore = activeId === null && cards.length > 0 && cards.length < count;
  return (
    <section
      className="board-column"
      aria-labelledby={titleId}
      data-testid={`column-${status.value}`}
      data-status={status.value}
    >
      <div className="board-column__header" style={statusStyle(status)}>
        <h2 className="board-column__title" id={titleId}>
          {status.label}
        </h2>
        <span className="board-column__count" data-testid="column-count" title={`${count} conversations`}>
          {count}
        </span>
      </div>
      <div ref={setListRef} className="board-column__list" data-over={isOver ? '' : undefined}>
        <SortableContext id={status.value} items={ids} strategy={verticalListSortingStrategy}>
          {cards.length > 0 && (
            <div ref={cardWindow.cardsRef} className="board-column__cards">
              {cardWindow.items.map((item) => {
                const card = cards[item.index];
                if (!card) return null;
                return (
                  <div
                    key={card.id}
                    ref={cardWindow.measure}
                    data-index={item.index}
                    className="board-column__slot"
                  >
                    <BoardCardItem
                      card={card}
                      dragging={card.id === activeId}
                      sortable={sortable}
                      disabled={disabled}
                      onOpen={onOpen}
                    />
                  </div>
                );
              })}
            </div>
          )}
        </SortableContext>
        {cards.length === 0 && <p className="board-column__empty">No conversations</p>}
      </div>
      {/* Like its cards, a column far from view sideways has no footer until it comes near. */}
      {near && (hasMore || loadMore.isError) && (
        <div className="board-column__footer">
          {hasMore && (
            <Button
              size="xs"
              variant="outline"
              aria-describedby={`${titleId} ${titleId}-shown`}
              loading={loadMore.isPending}
              disabled={!canLoadMoreInStatus(cards.length, busy || loadMore.isPending)}
              onClick={() => loadMore.mutate()}
            >
              Load more
            </Button>
          )}
          {hasMore && (
            <span className="board-column__shown" id={`${titleId}-shown`}>
              {cards.length} of {count} shown
            </span>
          )}
          {loadMore.isError && (
            <p className="board-column__error" role="alert">
              Could not load more conversations. {loadMore.error.message}
            </p>
          )}
        </div>
      )}
    </section>
  );
});
