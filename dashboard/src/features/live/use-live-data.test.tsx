import type { RealtimePayload } from '@reachly/shared/realtime';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect, it, vi } from 'vitest';
import { TAB_ID } from '../../lib/api.ts';
import { MOVE_MUTATION_KEY } from '../board/hooks/use-move-conversation.ts';
import { LEAD_WORK_REFRESH_MS, useLiveData } from './use-live-data.ts';

type Push = RealtimePayload<'data-changed'>;
type Log = RealtimePayload<'campaign-log-created'>;
const realtime = vi.hoisted(() => ({
  listener: null as ((payload: Push) => void) | null,
  log: null as ((payload: Log) => void) | null,
}));
vi.mock('../../realtime/use-realtime.ts', () => ({
  useRealtimeEvent: (event: string, listener: (payload: unknown) => void) => {
    if (event === 'data-changed') realtime.listener = listener;
    if (event === 'campaign-log-created') realtime.log = listener;
  },
}));

function setup() {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  renderHook(() => useLiveData(), { wrapper });
  const keys = () => invalidate.mock.calls.map(([filters]) => filters?.queryKey);
  return { client, keys };
}

it("refetches what another tab's change touched", () => {
  const { keys } = setup();
  act(() => realtime.listener?.({ areas: ['leads', 'collections'], origin: 'another-tab-1' }));
  expect(keys()).toEqual([['leads'], ['collections']]);
  act(() => realtime.listener?.({ areas: ['board'], origin: null }));
  expect(keys()).toContainEqual(['conversations']);
});

it('refetches the profiles, the campaigns and the do-not-contact list when another tab changed them', () => {
  const { keys } = setup();
  act(() =>
    realtime.listener?.({ areas: ['profiles', 'campaigns', 'doNotContact'], origin: 'another-tab-3' }),
  );
  expect(keys()).toEqual([['profiles'], ['campaigns'], ['do-not-contact']]);
});

it("skips the echo of this tab's own change", () => {
  const { keys } = setup();
  act(() => realtime.listener?.({ areas: ['board', 'collections'], origin: TAB_ID }));
  expect(keys()).toEqual([]);
});

it('leaves the board to a move this tab has in flight (its settle refetches it), not the rest', async () => {
  const { client, keys } = setup();
  let finish = () => {};
  const gate = new Promise<void>((resolve) => (finish = resolve));
  const moving = client
    .getMutationCache()
    .build(client, { mutationKey: MOVE_MUTATION_KEY, mutationFn: () => gate })
    .execute(undefined);
  await vi.waitFor(() => expect(client.isMutating({ mutationKey: MOVE_MUTATION_KEY })).toBe(1));
  act(() => realtime.listener?.({ areas: ['board', 'collections'], origin: 'another-tab-2' }));
  expect(keys()).toEqual([['collections']]);
  finish();
  await moving;
});

it("refetches the leads and the collections' counts, once a burst, when a campaign collects, requests or messages", () => {
  vi.useFakeTimers();
  try {
    const { keys } = setup();
    const log = (type: Log['type'], id: number): Log => ({
      id,
      campaignId: 1,
      profileId: 2,
      leadId: 3,
      type,
      message: 'done',
      createdAt: new Date().toISOString(),
    });
    act(() => realtime.log?.(log('LIKED_POST', 1)));
    act(() => vi.advanceTimersByTime(LEAD_WORK_REFRESH_MS));
    expect(keys()).toEqual([]);
    act(() => {
      realtime.log?.(log('SENT_FRIEND_REQUEST', 2));
      realtime.log?.(log('COLLECTING_FINISHED', 3));
    });
    expect(keys()).toEqual([]);
    act(() => vi.advanceTimersByTime(LEAD_WORK_REFRESH_MS));
    expect(keys()).toEqual([['leads'], ['collections']]);
  } finally {
    vi.useRealTimers();
  }
});

it("refetches the profiles when the network's signal paused one (their pauses show there)", () => {
  vi.useFakeTimers();
  try {
    const { keys } = setup();
    const log = (type: Log['type']): Log => ({
      id: 1,
      campaignId: 1,
      profileId: 2,
      leadId: null,
      type,
      message: 'Anna paused until …',
      createdAt: new Date().toISOString(),
    });
    act(() => realtime.log?.(log('RESTRICTION')));
    act(() => vi.advanceTimersByTime(LEAD_WORK_REFRESH_MS));
    expect(keys()).toEqual([['profiles']]);
  } finally {
    vi.useRealTimers();
  }
});
