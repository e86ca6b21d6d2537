import { BREAKPOINTS } from '@reachly/shared/constants';
import { useSyncExternalStore } from 'react';

const lists = new Map<string, MediaQueryList>();
const listOf = (query: string) => {
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
};

/** Whether a media query matches now; the component renders again when that changes. */
function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = listOf(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => listOf(query).matches,
  );
}

/**
 * Whether the window is at least a breakpoint of the theme wide (Chakra's `hideFrom`/`hideBelow`
 * at the same widths): a part only one width shows is then not rendered at the others.
 */
export function useFromBreakpoint(breakpoint: 'sm' | 'md' | 'lg' | 'xl'): boolean {
  return useMediaQuery(`(min-width: ${BREAKPOINTS[breakpoint]}px)`);
}
