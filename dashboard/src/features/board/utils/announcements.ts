import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';

/** What the screen reader hears before a drag (the cards' aria-describedby). */
export const SCREEN_READER_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    'To move this conversation, press Space to pick it up. Use the arrow keys to move it within ' +
    'its column or to another column, press Space again to drop it, or Escape to cancel. ' +
    'Press Enter to open the conversation.',
};

/** A card's place on the board: its column's label, its position (from 1) and the column's size. */
export interface CardPlace {
  label: string;
  position: number;
  size: number;
}

export interface AnnouncementSource {
  /** The lead's name on card `id`. */
  nameOf(id: UniqueIdentifier): string;
  /** Where card `activeId` would land if dropped on `overId` (a card or a column) now. */
  landingOf(activeId: UniqueIdentifier, overId: UniqueIdentifier): CardPlace | null;
  /** Where card `id` is in the columns the page shows now. */
  placeOf(id: UniqueIdentifier): CardPlace | null;
  /** Where card `id` stood when the drag started. */
  startOf(id: UniqueIdentifier): CardPlace | null;
}

const where = (place: CardPlace) => `${place.label}, position ${place.position} of ${place.size}`;

/** Live-region texts of a drag (dnd-kit accessibility), in words a screen-reader user can follow. */
export function createAnnouncements(source: AnnouncementSource): Announcements {
  return {
    onDragStart({ active }) {
      const place = source.startOf(active.id);
      return `Picked up ${source.nameOf(active.id)}${place ? ` in ${where(place)}` : ''}.`;
    },
    onDragOver({ active, over }) {
      const name = source.nameOf(active.id);
      if (!over) return `${name} is no longer over a column.`;
      const place = source.landingOf(active.id, over.id);
      if (!place) return undefined;
      // Over its own place right after the pick-up: "Picked up…" stays the last word.
      const start = source.startOf(active.id);
      if (over.id === active.id && start && where(start) === where(place)) return undefined;
      return `${name} is over ${where(place)}.`;
    },
    onDragEnd({ active, over }) {
      const name = source.nameOf(active.id);
      const start = source.startOf(active.id);
      if (!over)
        return `${name} was dropped outside the columns and stays in ${start ? where(start) : 'its column'}.`;
      const place = source.placeOf(active.id);
      return place ? `${name} was dropped in ${where(place)}.` : `${name} was dropped.`;
    },
    onDragCancel({ active }) {
      const place = source.startOf(active.id);
      return `Moving cancelled. ${source.nameOf(active.id)} is back in ${place ? where(place) : 'its column'}.`;
    },
  };
}
