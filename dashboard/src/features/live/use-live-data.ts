import type { DataArea } from '@reachly/shared/realtime';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { TAB_ID } from '../../lib/api.ts';
import { useRealtimeEvent } from '../../realtime/use-realtime.ts';
import { MOVE_MUTATION_KEY } from '../board/hooks/use-move-conversation.ts';
import { collectionsQuery } from '../collections/collections-queries.ts';
import { ALL_LEADS_KEY } from '../leads/leads-queries.ts';

/** The queries each area of a `data-changed` push leaves stale. */
const AREA_QUERIES: Record<DataArea, QueryKey> = {
  // The board and the conversation drawer.
  board: ['conversations'],
  collections: collectionsQuery().queryKey,
  leads: ALL_LEADS_KEY,
};

/**
 * Keeps every open tab of the organisation current while people work (issue 19): another person's
 * card move, collection or lead change (the server's `data-changed`) refetches what it touched.
 * This tab's own changes come back as an echo and are skipped (it already shows them). The board is
 * left alone while this tab is moving a card: the move's own settle fetches the board again.
 */
export function useLiveData(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent('data-changed', ({ areas, origin }) => {
    if (origin === TAB_ID) return;
    for (const area of areas) {
      if (area === 'board' && queryClient.isMutating({ mutationKey: MOVE_MUTATION_KEY }) > 0) continue;
      void queryClient.invalidateQueries({ queryKey: AREA_QUERIES[area] });
    }
  });
}
