import { CONVERSATION_STATUSES } from '@reachly/shared/constants';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNearColumns } from './use-near-columns.ts';

/** An IntersectionObserver the test drives: it reports what the test says is in view. */
class FakeObserver {
  static last: FakeObserver | undefined;
  observed: Element[] = [];
  constructor(
    readonly report: (entries: Partial<IntersectionObserverEntry>[]) => void,
    readonly options: IntersectionObserverInit,
  ) {
    FakeObserver.last = this;
  }
  observe(target: Element) {
    this.observed.push(target);
  }
  disconnect() {
    this.observed = [];
  }
}

/** A scroller holding the ten columns, as the board renders them. */
function scroller(): HTMLElement {
  const element = document.createElement('section');
  for (const status of CONVERSATION_STATUSES) {
    const columnElement = document.createElement('section');
    columnElement.dataset.status = status.value;
    element.append(columnElement);
  }
  return element;
}

const columnOf = (element: HTMLElement, status: string) =>
  element.querySelector(`[data-status="${status}"]`) as Element;

afterEach(() => {
  vi.unstubAllGlobals();
  FakeObserver.last = undefined;
});

describe('useNearColumns', () => {
  it('guesses the columns within two window widths before the browser reports', () => {
    vi.stubGlobal('innerWidth', 390);
    const { result } = renderHook(() => useNearColumns(null));
    // 2 × 390 px over 284 px a column (272 + the 12 px gap): three columns.
    expect([...result.current]).toEqual(['sent', 'replied', 'qualified']);
  });

  it('follows what the observer reports as the columns scroll sideways', () => {
    vi.stubGlobal('innerWidth', 390);
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const element = scroller();
    const { result } = renderHook(() => useNearColumns(element));
    const observer = FakeObserver.last as FakeObserver;
    expect(observer.observed).toHaveLength(10);
    expect(observer.options).toMatchObject({ root: element, rootMargin: '0px 100%' });

    // Scrolled to the end: the first columns leave, the last ones come.
    act(() =>
      observer.report([
        ...['sent', 'replied', 'qualified'].map((s) => ({
          target: columnOf(element, s),
          isIntersecting: false,
        })),
        ...['not-interested', 'unqualified'].map((s) => ({
          target: columnOf(element, s),
          isIntersecting: true,
        })),
      ]),
    );
    expect([...result.current].sort()).toEqual(['not-interested', 'unqualified']);

    // A report that changes nothing keeps the same set (the columns do not render again).
    const before = result.current;
    act(() => observer.report([{ target: columnOf(element, 'unqualified'), isIntersecting: true }]));
    expect(result.current).toBe(before);
  });
});
