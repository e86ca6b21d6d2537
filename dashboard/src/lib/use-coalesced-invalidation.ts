import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';

/**
 * Invalidates queries at most once per `delayMs` for a burst of events (a running campaign logs in
 * bursts): the first call starts the wait, later calls within it add their keys, and every key named
 * meanwhile is invalidated once when the wait ends. The wait is dropped when the component goes.
 */
export function useCoalescedInvalidation(delayMs: number): (...keys: QueryKey[]) => void {
  const queryClient = useQueryClient();
  // By key text: a burst names the same keys again and again; each is invalidated once.
  const pending = useRef(new Map<string, QueryKey>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (...keys: QueryKey[]) => {
      for (const key of keys) pending.current.set(JSON.stringify(key), key);
      if (timer.current) return;
      timer.current = setTimeout(() => {
        timer.current = undefined;
        const due = [...pending.current.values()];
        pending.current.clear();
        for (const queryKey of due) void queryClient.invalidateQueries({ queryKey });
      }, delayMs);
    },
    [queryClient, delayMs],
  );
}
