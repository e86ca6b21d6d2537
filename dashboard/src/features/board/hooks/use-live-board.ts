import type { ActivityEventType } from '@reachly/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useRealtimeEvent } from '../../../realtime/use-realtime.ts';
import { BOARD_KEY } from '../board-queries.ts';
import { MOVE_MUTATION_KEY } from './use-move-conversation.ts';

/** Log rows that mean a card was created, got a message or changed column. */
const BOARD_EVENTS: ReadonlySet<ActivityEventType> = new Set([
  'SENT_WELCOME_MESSAGE',
  'SENT_AI_REPLY',
  'SENT_CALL_TO_ACTION',
  'SENT_FOLLOW_UP',
  'STATUS_CHANGE',
]);
const REFRESH_DELAY_MS = 500;

/**
 * Keeps the board live while campaigns run: a campaign log row that touches conversations
 * refreshes the board (at most every half second, and never under a card being dragged or moved).
 */
export function useLiveBoard(): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useRealtimeEvent('campaign-log-created', (log) => {
    if (!BOARD_EVENTS.has(log.type) || timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      if (queryClient.isMutating({ mutationKey: MOVE_MUTATION_KEY }) > 0) return;
      void queryClient.invalidateQueries({ queryKey: BOARD_KEY });
    }, REFRESH_DELAY_MS);
  });
}
