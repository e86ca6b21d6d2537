import type { DraggableSyntheticListeners } from '@dnd-kit/core';
import { memo, useCallback, useRef } from 'react';
import type { BoardCard as Card } from '../utils/board-data.ts';
import { CardContent } from './card-content.tsx';
import { SortableController } from './sortable-controller.tsx';

/** The id of the board's drag instructions (every card's aria-describedby). */
export const DRAG_INSTRUCTIONS_ID = 'board-drag-instructions';

interface BoardCardProps {
  card: Card;
  /** This card is being dragged (its place is shown faded; the overlay follows the pointer). */
  dragging: boolean;
  /** Its sortable behaviour is on (off for the board's first paint: FunnelBoard). */
  sortable: boolean;
  disabled: boolean;
  onOpen: (card: Card) => void;
}

/**
 * A card the user can drag (mouse, touch, keyboard: Space, arrows, Space) and open (click, Enter).
 * A button, so it is focusable and Enter opens it; during a keyboard drag Space and Enter drop it
 * (the keyboard sensor cancels the button's own click). Only the cards near the visible part of a
 * column are rendered (useColumnWindow), so each rendered card is sortable, from the moment the
 * board is painted or a person reaches for it (`sortable`): the element stays the same either way.
 */
export const BoardCardItem = memo(function BoardCardItem({
  card,
  dragging,
  sortable,
  disabled,
  onOpen,
}: BoardCardProps) {
  const node = useRef<HTMLButtonElement | null>(null);
  const listeners = useRef<DraggableSyntheticListeners>(undefined);
  const attach = useRef<((element: HTMLElement | null) => void) | null>(null);
  const ref = useCallback((element: HTMLButtonElement | null) => {
    node.current = element;
    attach.current?.(element);
  }, []);
  return (
    <button
      type="button"
      ref={ref}
      className="board-card"
      data-testid="board-card"
      data-card-id={card.id}
      data-dragging={dragging ? '' : undefined}
      aria-roledescription="sortable"
      aria-describedby={DRAG_INSTRUCTIONS_ID}
      onPointerDown={(e) => listeners.current?.onPointerDown?.(e)}
      onTouchStart={(e) => listeners.current?.onTouchStart?.(e)}
      onKeyDown={(e) => listeners.current?.onKeyDown?.(e)}
      onClick={() => onOpen(card)}
    >
      <CardContent card={card} />
      {sortable && (
        <SortableController
          id={card.id}
          disabled={disabled}
          node={node}
          listeners={listeners}
          attach={attach}
        />
      )}
    </button>
  );
});
