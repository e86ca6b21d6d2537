import { Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { EmptyListState, ErrorState, LoadingState } from '../../components/list-state.tsx';
import { ApiError } from '../../lib/api.ts';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useCurrentCollection } from '../../state/current-collection.ts';
import { type BoardParams, boardQuery } from './board-queries.ts';
import { BoardToolbar } from './components/board-toolbar.tsx';
import { ConversationDrawer } from './components/conversation-drawer.tsx';
import { FunnelBoard } from './components/funnel-board.tsx';
import { useLiveBoard } from './hooks/use-live-board.ts';
import type { BoardCard } from './utils/board-data.ts';

/** The funnel board screen (spec §2): conversations by status, dragged between and within columns. */
export default function BoardPage() {
  const [collectionId, setCollectionId] = useCurrentCollection();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const params: BoardParams = useMemo(() => ({ collectionId, search }), [collectionId, search]);
  const board = useQuery(boardQuery(params));
  useLiveBoard();
  // A board of hundreds of cards renders in the background, in slices, not in one long task; on the
  // first render too (its toolbar shows first, the columns in a render and a commit of their own).
  const data = useDeferredValue(board.data, undefined);
  const [openCard, setOpenCard] = useState<BoardCard | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const onOpen = useCallback((card: BoardCard) => {
    setOpenCard(card);
    setDrawerOpen(true);
  }, []);
  const onClose = useCallback(() => setDrawerOpen(false), []);

  // A stored collection that is gone (deleted, or another account's) falls back to all.
  const missingCollection =
    board.error instanceof ApiError && board.error.status === 404 && collectionId !== 'all';
  useEffect(() => {
    if (missingCollection) setCollectionId('all');
  }, [missingCollection, setCollectionId]);

  const total = data ? Object.values(data.statusCounts).reduce((a, b) => a + b, 0) : 0;
  let content: ReactNode;
  if (board.isError && !board.data) {
    content = <ErrorState error={board.error} onRetry={() => void board.refetch()} />;
  } else if (!data) {
    content = <LoadingState label="Loading the board…" />;
  } else if (total === 0 && !board.isPlaceholderData) {
    content = search ? (
      <EmptyListState
        title="No conversations match your search"
        description={`Nothing matches “${search}”.`}
      />
    ) : (
      <EmptyListState
        title="No conversations yet"
        description="Your campaigns fill the board: each lead they reach appears here as a card in its status column."
      />
    );
  } else {
    content = (
      <FunnelBoard
        data={data}
        params={params}
        fetching={board.isFetching}
        stale={board.isPlaceholderData}
        onOpen={onOpen}
      />
    );
  }

  return (
    <Stack gap="4">
      <BoardToolbar
        search={searchText}
        onSearch={setSearchText}
        updating={board.isPlaceholderData || searchText.trim() !== search}
        params={params}
      />
      {content}
      {/* Mounted once a card is opened (and kept, for its closing animation). */}
      {openCard && <ConversationDrawer card={openCard} open={drawerOpen} onClose={onClose} />}
    </Stack>
  );
}
