import type { DraggableSyntheticListeners } from '@dnd-kit/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type RefObject, useLayoutEffect } from 'react';

interface SortableControllerProps {
  id: number;
  disabled: boolean;
  /** The card's element: the controller makes it sortable without rendering it. */
  node: RefObject<HTMLElement | null>;
  /** Where the card's own event handlers find dnd-kit's activators. */
  listeners: RefObject<DraggableSyntheticListeners>;
  /** Where the card's ref finds the controller, to hand it the element when it arrives. */
  attach: RefObject<((element: HTMLElement | null) => void) | null>;
}

/**
 * dnd-kit's sortable behaviour for one card, kept apart from the card's element: the card's element
 * stays the same whether it is sortable or not (focus and text are kept), and the controller sets
 * the sorting transform on it directly. Only the cards near the visible part of a column are
 * rendered (useColumnWindow), so a board of 500 cards has about a hundred sortables, each of which
 * renders again on every drag event and is measured at each drag start.
 */
export function SortableController({
  id,
  disabled,
  node,
  listeners: listenersRef,
  attach,
}: SortableControllerProps) {
  const { setNodeRef, listeners, transform, transition } = useSortable({ id, disabled });

  // A card mounted with its controller gets its element after this effect (a parent's ref is set
  // after its children's layout effects): the card then hands it over through `attach`.
  useLayoutEffect(() => {
    attach.current = setNodeRef;
    setNodeRef(node.current);
    return () => {
      attach.current = null;
      setNodeRef(null);
    };
  }, [attach, node, setNodeRef]);

  useLayoutEffect(() => {
    listenersRef.current = listeners;
    return () => {
      listenersRef.current = undefined;
    };
  }, [listeners, listenersRef]);

  useLayoutEffect(() => {
    const element = node.current;
    if (!element) return;
    element.style.transform = CSS.Translate.toString(transform) ?? '';
    element.style.transition = transform ? (transition ?? '') : '';
  }, [node, transform, transition]);

  // No longer sortable (scrolled away): the card rests in place.
  useLayoutEffect(
    () => () => {
      node.current?.style.removeProperty('transform');
      node.current?.style.removeProperty('transition');
    },
    [node],
  );

  return null;
}
