import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect, it, vi } from 'vitest';
import { useRefreshingMutation } from './use-refreshing-mutation.ts';

function setUp(mutationFn: (n: number) => Promise<number>, onSettled = vi.fn()) {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useRefreshingMutation(['things'], mutationFn, { onSettled }), {
    wrapper,
  });
  return { result, invalidate, onSettled };
}

it('refreshes the list after a save, once the caller’s onSettled has run', async () => {
  const order: string[] = [];
  const { result, invalidate } = setUp(
    async (n) => n * 2,
    vi.fn(() => order.push('caller')),
  );
  invalidate.mockImplementation(async () => {
    order.push('refresh');
  });
  expect(await act(() => result.current.mutateAsync(21))).toBe(42);
  expect(invalidate).toHaveBeenCalledWith({ queryKey: ['things'] });
  expect(order).toEqual(['caller', 'refresh']);
});

it('refreshes the list after a refusal too', async () => {
  const { result, invalidate, onSettled } = setUp(() => Promise.reject(new Error('no')));
  await act(() => result.current.mutateAsync(1).catch(() => {}));
  expect(onSettled).toHaveBeenCalledOnce();
  expect(invalidate).toHaveBeenCalledWith({ queryKey: ['things'] });
});
