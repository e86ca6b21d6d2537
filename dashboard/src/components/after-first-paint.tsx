import { type ReactNode, startTransition, useEffect, useState } from 'react';

/** How long a deferred part waits at most for the browser to be idle. */
const IDLE_TIMEOUT_MS = 1500;

/**
 * Runs `run` once the browser is idle, after the frames it has to paint (or IDLE_TIMEOUT_MS
 * passed, a hidden tab too): work the first screen does not need waits for it. Answers a cancel.
 */
export function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = window.setTimeout(run, 0);
    return () => window.clearTimeout(timer);
  }
  const idle = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  return () => window.cancelIdleCallback(idle);
}

/** The page's first screen has been painted and the browser was idle once since. */
let painted = false;
/** The deferred parts waiting for that moment (each one's `show`). */
const waiting = new Set<() => void>();
let scheduled = false;

function scheduleShow(): void {
  if (scheduled) return;
  scheduled = true;
  whenIdle(() => {
    painted = true;
    // One transition for every deferred part: one render in slices, one commit, one layout.
    startTransition(() => {
      for (const show of waiting) show();
    });
    waiting.clear();
  });
}

/**
 * False until the page has painted its first screen and the browser is idle (or IDLE_TIMEOUT_MS
 * passed), then true, in a transition shared by every part that waits for it: React renders them
 * in slices that leave the main thread free, after the screen a person came for, and commits them
 * together. A part mounted later than that renders at once.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(painted);
  useEffect(() => {
    if (ready) return undefined;
    const show = () => setReady(true);
    if (painted) {
      show();
      return undefined;
    }
    waiting.add(show);
    scheduleShow();
    return () => {
      waiting.delete(show);
    };
  }, [ready]);
  return ready;
}

/**
 * Parts nobody sees on the first screen (closed dialogs, the toaster, a menu row hidden at this
 * width): rendered once the first screen is painted (useAfterFirstPaint), not with it.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  return useAfterFirstPaint() ? children : null;
}
