import { DndContext, DragOverlay } from '@dnd-kit/core';
import { CONVERSATION_STATUSES, type ConversationStatus } from '@reachly/shared/constants';
import type { CardMove } from '@reachly/shared/funnel';
import { useCallback, useDeferredValue, useState } from 'react';
import { flushSync } from 'react-dom';
import { useAfterFirstPaint } from '../../../components/after-first-paint.tsx';
import type { BoardParams } from '../board-queries.ts';
import { useBoardDrag } from '../hooks/use-board-drag.ts';
import { useBoardSensors } from '../hooks/use-board-sensors.ts';
import { useMoveConversation } from '../hooks/use-move-conversation.ts';
import { useNearColumns } from '../hooks/use-near-columns.ts';
import { SCREEN_READER_INSTRUCTIONS } from '../utils/announcements.ts';
import type { BoardCard, BoardData } from '../utils/board-data.ts';
import { DRAG_INSTRUCTIONS_ID } from './board-card.tsx';
import { BoardColumn } from './board-column.tsx';
import { BOARD_CLASS } from './board-styles.ts';
import { CardContent } from './card-content.tsx';

interface FunnelBoardProps {
  data: BoardData;
  params: BoardParams;
  /** The board is being fetched: columns wait before loading more (spec §5). */
  fetching: boolean;
  /** The data is another collection's or search's, shown while the asked one loads. */
  stale: boolean;
  onOpen: (card: BoardCard) => void;
}

const NO_COLUMNS: ReadonlySet<ConversationStatus> = new Set();

/** The ten status columns with drag and drop between and within them (spec §2, §4). */
export function FunnelBoard({ data, params, fetching, stale, onOpen }: FunnelBoardProps) {
  const move = useMoveConversation(params);
  const { mutate } = move;
  const onMove = useCallback((m: CardMove) => mutate(m), [mutate]);
  const drag = useBoardDrag(data.columns, onMove, move.isPending);
  const sensors = useBoardSensors();
  const busy = fetching || move.isPending;
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  // Cards become sortable (dnd-kit's per-card registration) once the board is painted, or at once
  // when a person reaches for one first: a pointer over the board, focus in it, a touch.
  const painted = useAfterFirstPaint();
  const [reached, setReached] = useState(false);
  const sortable = painted || reached;
  const reach = () => {
    if (!sortable) flushSync(() => setReached(true));
  };
  // The columns first (one commit, one layout), then their cards in a render of their own, in the
  // background: no single task lays out the whole board.
  const near = useDeferredValue(useNearColumns(scroller), NO_COLUMNS);

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={drag.collisionDetection}
      accessibility={{
        announcements: drag.announcements,
        screenReaderInstructions: SCREEN_READER_INSTRUCTIONS,
      }}
      {...drag.handlers}
    >
      <div
        className={BOARD_CLASS}
        data-testid="funnel-board"
        onPointerOverCapture={reach}
        onFocusCapture={reach}
        onTouchStartCapture={reach}
      >
        <p id={DRAG_INSTRUCTIONS_ID} hidden>
          {SCREEN_READER_INSTRUCTIONS.draggable}
        </p>
        {/* Focusable and named: a keyboard scrolls the columns sideways too (axe scrollable-region-focusable). */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region a keyboard must reach (WCAG 2.1.1) */}
        <section ref={setScroller} className="board-scroller" tabIndex={0} aria-label="Status columns">
          <div className="board-columns">
            {CONVERSATION_STATUSES.map((status) => (
              <BoardColumn
                key={status.value}
                status={status}
                cards={drag.columns[status.value]}
                count={data.statusCounts[status.value]}
                params={params}
                busy={busy}
                disabled={stale}
                activeId={drag.active?.id ?? null}
                near={near.has(status.value)}
                sortable={sortable}
                onOpen={onOpen}
              />
            ))}
          </div>
        </section>
        <DragOverlay>
          {drag.active ? (
            <div className="board-card board-card--overlay">
              <CardContent card={drag.active} />
            </div>
          ) : null}
        </DragOverlay>
      </div>
    </DndContext>
  );
}
