import type { CampaignLog } from '@reachly/shared/schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOARD_KEY } from '../board-queries.ts';
import { useLiveBoard } from './use-live-board.ts';

const realtime = vi.hoisted(() => ({ listener: null as ((payload: CampaignLog) => void) | null }));
vi.mock('../../../realtime/use-realtime.ts', () => ({
  useRealtimeEvent: (_event: string, listener: (payload: CampaignLog) => void) => {
    realtime.listener = listener;
  },
}));

const log = (type: CampaignLog['type']): CampaignLog => ({
  id: 1,
  campaignId: 1,
  profileId: 1,
  leadId: 1,
  type,
  message: 'x',
  createdAt: '2026-06-01T10:00:00.000Z',
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup() {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  renderHook(() => useLiveBoard(), { wrapper });
  return { invalidate };
}

describe('useLiveBoard', () => {
  it('refreshes the board once for a burst of conversation log rows', () => {
    const { invalidate } = setup();
    act(() => {
      realtime.listener?.(log('SENT_WELCOME_MESSAGE'));
      realtime.listener?.(log('STATUS_CHANGE'));
    });
    expect(invalidate).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(600));
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: BOARD_KEY });
  });

  it('ignores rows that do not touch conversations', () => {
    const { invalidate } = setup();
    act(() => {
      realtime.listener?.(log('SENT_FRIEND_REQUEST'));
      realtime.listener?.(log('LIKED_POST'));
      vi.advanceTimersByTime(600);
    });
    expect(invalidate).not.toHaveBeenCalled();
  });
});
