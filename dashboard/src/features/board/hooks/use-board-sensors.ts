import {
  KeyboardSensor,
  PointerSensor,
  type PointerSensorOptions,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import type { PointerEvent } from 'react';

/**
 * The pointer sensor for mouse and pen only: a finger is the touch sensor's, which waits for a
 * press so that a swipe still scrolls the board.
 */
class MousePointerSensor extends PointerSensor {
  static override activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: ({ nativeEvent }: PointerEvent, options: PointerSensorOptions) =>
        nativeEvent.pointerType !== 'touch' &&
        (PointerSensor.activators[0]?.handler({ nativeEvent } as PointerEvent, options) ?? false),
    },
  ];
}

/** Mouse: after moving 5 px (a click still opens the card); touch: after a 250 ms press; keyboard: Space. */
export function useBoardSensors() {
  return useSensors(
    useSensor(MousePointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 5 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );
}
